//! What the seeds draw from: a small deterministic generator (the same seed gives the same
//! data) and the names people in the data are given.

/// A small deterministic generator: the same seed gives the same data.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// Given and family names, English and Hindi, as a state's staff and complainants bear them.
pub const GIVEN_NAMES: [&str; 16] = [
    "Ram", "Sita", "Mohan", "Geeta", "Suresh", "Anita", "Imran", "Farida", "Gurpreet", "Manjeet", "Thomas", "Mary", "Ravi", "Lakshmi",
    "राजेश", "सुनीता",
];
pub const FAMILY_NAMES: [&str; 12] = ["Lal", "Devi", "Kumar", "Sharma", "Yadav", "Khan", "Singh", "Kaur", "Verma", "Das", "Nair", "कुमार"];

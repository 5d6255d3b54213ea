//! Writes a register of grievances and FIRs as an earlier system would hand it over, for the
//! import benchmark (`make bench`): `cargo run --release --example register_xlsx -- ROWS FILE`.
//! FIR dates are Excel date cells, filing dates text as registers write them ("5-Mar-23"),
//! mobile numbers number cells; five years of cases over the starting police stations.

use rust_xlsxwriter::{ExcelDateTime, Format, Workbook};

const STATIONS: [&str; 3] = ["PS City Kotwali", "Civil Lines", "Cantonment P.S."];
const MONTHS: [&str; 12] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let rows: u32 = args.next().ok_or("ROWS")?.parse()?;
    let path = args.next().ok_or("FILE")?;
    let mut book = Workbook::new();
    let sheet = book.add_worksheet_with_constant_memory()?;
    let header = ["Source ID", "FIR No", "FIR Date", "District", "Police Station", "Crime Title", "Section & Act", "Status", "Brief Details", "Filed On", "Complainant", "Mobile No", "Accused"];
    for (c, h) in header.iter().enumerate() {
        sheet.write_string(0, c as u16, *h)?;
    }
    let date = Format::new().set_num_format("dd/mm/yyyy");
    for n in 0..rows {
        let r = n + 1;
        let year = 2019 + (n % 6) as u16;
        let (month, day) = ((n / 6 % 12) as u8 + 1, (n / 72 % 28) as u8 + 1);
        let (section, status) = if (year, month) >= (2024, 7) { ("303(2) BNS", "In Progress") } else { ("379 IPC", if n % 3 == 0 { "Closed" } else { "Pending" }) };
        sheet.write_string(r, 0, format!("CCTNS-{n:07}"))?;
        sheet.write_string(r, 1, format!("{}/{year}", n / 6 + 1))?;
        sheet.write_datetime_with_format(r, 2, &ExcelDateTime::from_ymd(year, month, day)?, &date)?;
        sheet.write_string(r, 3, "Central District")?;
        sheet.write_string(r, 4, STATIONS[n as usize % 3])?;
        sheet.write_string(r, 5, "Theft")?;
        sheet.write_string(r, 6, section)?;
        sheet.write_string(r, 7, status)?;
        sheet.write_string(r, 8, format!("Mobile phone and purse stolen near the bus stand; the complainant saw two men leave on a motorcycle (register entry {n})."))?;
        sheet.write_string(r, 9, format!("{day}-{}-{:02}", MONTHS[month as usize - 1], year % 100))?;
        sheet.write_string(r, 10, format!("Complainant {n}"))?;
        sheet.write_number(r, 11, 9_800_000_000.0 + f64::from(n))?;
        sheet.write_string(r, 12, if n % 4 == 0 { "Unknown; Raju alias Kalu" } else { "" })?;
    }
    book.save(&path)?;
    Ok(())
}

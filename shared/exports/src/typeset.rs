//! Setting text in the PDF report in two scripts. Latin (and Greek, Cyrillic, symbols) is set
//! in DejaVu Sans Condensed, one glyph per character. Devanagari needs shaping: conjuncts,
//! half forms, reordered and stacked vowel signs come from the font's OpenType tables, which
//! rustybuzz (HarfBuzz's shaper in Rust) applies; the shaped glyphs are written by id, each
//! with the text it stands for, so that copying or extracting the text gives Hindi back.

use pdf_writer::types::{CidFontType, FontFlags, SystemInfo, UnicodeCmap};
use pdf_writer::{Content, Filter, Name, Pdf, Rect, Ref, Str, TextStr};
use std::collections::BTreeMap;
use std::sync::OnceLock;
use subsetter::GlyphRemapper;

const LATIN_REGULAR: &[u8] = include_bytes!("../fonts/DejaVuSansCondensed.ttf");
const LATIN_BOLD: &[u8] = include_bytes!("../fonts/DejaVuSansCondensed-Bold.ttf");
const DEVANAGARI_REGULAR: &[u8] = include_bytes!("../fonts/NotoSansDevanagari-Regular.ttf");
const DEVANAGARI_BOLD: &[u8] = include_bytes!("../fonts/NotoSansDevanagari-Bold.ttf");

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Weight {
    Regular,
    Bold,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Script {
    Latin,
    Devanagari,
}

fn is_devanagari(c: char) -> bool {
    matches!(c as u32, 0x0900..=0x097F | 0xA8E0..=0xA8FF | 0x1CD0..=0x1CFF | 0x200C | 0x200D)
}

/// A bundled face, parsed once (a report measures and sets every cell of every row): its
/// metrics, its character map and, for Devanagari, its shaping tables.
struct Face {
    bytes: &'static [u8],
    /// Its PostScript name, which the PDF gives its subset.
    name: &'static str,
    parsed: rustybuzz::Face<'static>,
}

impl Face {
    fn new(bytes: &'static [u8], name: &'static str) -> Face {
        Face { bytes, name, parsed: rustybuzz::Face::from_slice(bytes, 0).expect("a bundled font parses") }
    }

    fn units_per_em(&self) -> f32 {
        self.parsed.units_per_em().max(1) as f32
    }

    fn advance(&self, gid: u16) -> f32 {
        f32::from(self.parsed.glyph_hor_advance(rustybuzz::ttf_parser::GlyphId(gid)).unwrap_or(0))
    }

    fn glyph(&self, c: char) -> Option<u16> {
        self.parsed.glyph_index(c).map(|g| g.0)
    }

    /// The glyph that prints `c` in a Latin run, and the character it stands for: its own; a
    /// space for white space the face has no glyph for (a tab); a question mark for what the
    /// face cannot print (a control or an unassigned code point).
    fn latin_glyph(&self, c: char) -> (u16, char) {
        match self.glyph(c) {
            Some(gid) if !c.is_control() => (gid, c),
            _ if c.is_whitespace() => (self.glyph(' ').unwrap_or(0), ' '),
            _ => (self.glyph('?').unwrap_or(0), '?'),
        }
    }
}

struct Faces {
    latin: [Face; 2],
    devanagari: [Face; 2],
}

fn faces() -> &'static Faces {
    static FACES: OnceLock<Faces> = OnceLock::new();
    FACES.get_or_init(|| Faces {
        latin: [Face::new(LATIN_REGULAR, "DejaVuSansCondensed"), Face::new(LATIN_BOLD, "DejaVuSansCondensed-Bold")],
        devanagari: [Face::new(DEVANAGARI_REGULAR, "NotoSansDevanagari-Regular"), Face::new(DEVANAGARI_BOLD, "NotoSansDevanagari-Bold")],
    })
}

/// The four faces in one order: the index of a face among a document's fonts.
fn slot(script: Script, weight: Weight) -> usize {
    let bold = usize::from(weight == Weight::Bold);
    match script {
        Script::Latin => bold,
        Script::Devanagari => 2 + bold,
    }
}

fn face_at(slot: usize) -> &'static Face {
    let f = faces();
    match slot {
        0 | 1 => &f.latin[slot],
        _ => &f.devanagari[slot - 2],
    }
}

fn face(script: Script, weight: Weight) -> &'static Face {
    face_at(slot(script, weight))
}

/// The text cut where the script changes; spaces go with the text around them.
fn runs(text: &str) -> Vec<(Script, &str)> {
    let mut runs: Vec<(Script, usize, usize)> = Vec::new();
    for (i, c) in text.char_indices() {
        let end = i + c.len_utf8();
        let script = if is_devanagari(c) { Script::Devanagari } else { Script::Latin };
        match runs.last_mut() {
            Some((s, _, e)) if *s == script || c.is_whitespace() => *e = end,
            _ => runs.push((script, i, end)),
        }
    }
    runs.into_iter().map(|(s, a, b)| (s, &text[a..b])).collect()
}

/// One positioned glyph, in thousandths of an em: its own advance and where it sits
/// relative to the pen.
struct Glyph {
    gid: u16,
    advance: f32,
    x_offset: f32,
    text: String,
}

/// The vowel sign I, the one Devanagari letter written before the consonant it follows.
const PRE_BASE_I: char = '\u{093F}';

fn shape(face: &Face, text: &str) -> Vec<Glyph> {
    let mut buffer = rustybuzz::UnicodeBuffer::new();
    buffer.push_str(text);
    buffer.guess_segment_properties();
    let shaped = rustybuzz::shape(&face.parsed, &[], buffer);
    let scale = 1000.0 / face.units_per_em();
    let infos = shaped.glyph_infos();
    let positions = shaped.glyph_positions();
    // The text of each cluster: from its start to the next cluster's start.
    let mut starts: Vec<usize> = infos.iter().map(|i| i.cluster as usize).collect();
    starts.sort_unstable();
    starts.dedup();
    let cluster_text = |start: usize| {
        let end = starts.iter().find(|s| **s > start).copied().unwrap_or(text.len());
        &text[start..end]
    };
    let mut glyphs: Vec<Glyph> = infos
        .iter()
        .zip(positions)
        .map(|(info, pos)| Glyph {
            gid: info.glyph_id as u16,
            advance: pos.x_advance as f32 * scale,
            x_offset: pos.x_offset as f32 * scale,
            text: String::new(),
        })
        .collect();
    // Which text each glyph stands for, so that one glyph means one thing wherever it appears:
    // a glyph of a character stands for that character; the vowel sign ि, drawn before its
    // consonant in whatever form suits the conjunct, for the cluster's first glyph; what is
    // left (the parts of a conjunct) for the cluster's glyphs that stand for nothing yet.
    let mut i = 0;
    while i < infos.len() {
        let cluster = infos[i].cluster as usize;
        let end = (i..infos.len()).find(|j| infos[*j].cluster as usize != cluster).unwrap_or(infos.len());
        let mut leftover = String::new();
        for c in cluster_text(cluster).chars() {
            let own = face.glyph(c);
            match (i..end).find(|j| Some(glyphs[*j].gid) == own && glyphs[*j].text.is_empty()) {
                Some(j) => glyphs[j].text.push(c),
                None if c == PRE_BASE_I && end - i > 1 && glyphs[i].text.is_empty() => glyphs[i].text.push(c),
                None => leftover.push(c),
            }
        }
        if !leftover.is_empty() {
            let j = (i..end).find(|j| glyphs[*j].text.is_empty()).unwrap_or(i);
            glyphs[j].text.push_str(&leftover);
        }
        i = end;
    }
    glyphs
}

/// Width in mm of `text` at `size` points.
pub fn width(text: &str, weight: Weight, size: f32) -> f32 {
    let thousandths: f32 = runs(text)
        .into_iter()
        .map(|(script, run)| {
            let face = face(script, weight);
            match script {
                Script::Devanagari => shape(face, run).iter().map(|g| g.advance).sum(),
                Script::Latin => run.chars().map(|c| face.advance(face.latin_glyph(c).0)).sum::<f32>() * 1000.0 / face.units_per_em(),
            }
        })
        .sum();
    to_mm(thousandths, size)
}

/// Thousandths of an em at `size` points, in mm.
fn to_mm(thousandths: f32, size: f32) -> f32 {
    thousandths / 1000.0 * size * 25.4 / 72.0
}

/// Millimetres in PDF points.
pub fn pt(mm: f32) -> f32 {
    mm * 72.0 / 25.4
}

/// The resource name of each face in a page's fonts.
const FONT_NAMES: [&str; 4] = ["F1", "F2", "F3", "F4"];
/// The tag of each face's subset (six capitals, as PDF names a subset).
const SUBSET_TAGS: [&str; 4] = ["GPLATR", "GPLATB", "GPDEVR", "GPDEVB"];

/// The glyphs one document draws of a face, numbered as its embedded subset numbers them,
/// and the text each stands for (what copying the text out of the file gives).
#[derive(Default)]
struct Used {
    remapper: GlyphRemapper,
    texts: BTreeMap<u16, String>,
}

/// The fonts of one document: which glyphs of each face it drew.
#[derive(Default)]
pub struct Fonts {
    used: [Used; 4],
}

impl Fonts {
    /// The glyph `gid` of face `slot` as the document's subset numbers it.
    fn draw(&mut self, slot: usize, gid: u16, text: &str) -> [u8; 2] {
        let used = &mut self.used[slot];
        let cid = used.remapper.remap(gid);
        used.texts.entry(cid).or_insert_with(|| text.to_string());
        cid.to_be_bytes()
    }

    /// Sets `text` with its baseline starting at (`x`, `y`) mm, in the fill colour of the moment.
    pub fn text(&mut self, content: &mut Content, weight: Weight, size: f32, x: f32, y: f32, text: &str) {
        content.begin_text();
        let mut x = x;
        for (script, run) in runs(text) {
            let slot = slot(script, weight);
            let face = face_at(slot);
            content.set_font(Name(FONT_NAMES[slot].as_bytes()), size);
            content.set_text_matrix([1.0, 0.0, 0.0, 1.0, pt(x), pt(y)]);
            x += match script {
                Script::Latin => {
                    let mut codes = Vec::with_capacity(run.len() * 2);
                    for c in run.chars() {
                        let (gid, stands_for) = face.latin_glyph(c);
                        codes.extend(self.draw(slot, gid, stands_for.encode_utf8(&mut [0; 4])));
                    }
                    content.show(Str(&codes));
                    width(run, weight, size)
                }
                Script::Devanagari => {
                    // Shaped once: the glyphs to draw and how far they take the pen.
                    let glyphs = shape(face, run);
                    let advance = to_mm(glyphs.iter().map(|g| g.advance).sum(), size);
                    // The glyphs are in the order they are drawn; a reader that copies text
                    // takes the words in reading order from /ActualText.
                    content.begin_marked_content_with_properties(Name(b"Span")).properties().actual_text(TextStr(run));
                    self.show_shaped(content, slot, &glyphs);
                    content.end_marked_content();
                    advance
                }
            };
        }
        content.end_text();
    }

    /// The shaped glyphs as the PDF shows them. A viewer moves the pen by each glyph's own
    /// width; the number after a glyph (thousandths of an em, subtracted) moves it on to where
    /// the shaper put the next one.
    fn show_shaped(&mut self, content: &mut Content, slot: usize, glyphs: &[Glyph]) {
        let face = face_at(slot);
        let scale = 1000.0 / face.units_per_em();
        let codes: Vec<[u8; 2]> = glyphs.iter().map(|g| self.draw(slot, g.gid, &g.text)).collect();
        let mut show = content.show_positioned();
        let mut items = show.items();
        let first_offset = glyphs.first().map_or(0.0, |g| g.x_offset);
        if first_offset != 0.0 {
            items.adjust(-first_offset);
        }
        let mut pen = 0.0; // where the shaper's pen is, before glyph i
        for (i, (g, code)) in glyphs.iter().zip(&codes).enumerate() {
            let drawn_at = pen + g.x_offset;
            let viewer_after = drawn_at + face.advance(g.gid) * scale;
            pen += g.advance;
            let next_at = pen + glyphs.get(i + 1).map_or(0.0, |n| n.x_offset);
            items.show(Str(code));
            let shift = next_at - viewer_after;
            if shift != 0.0 {
                items.adjust(-shift);
            }
        }
    }

    /// Writes the faces the document drew into `pdf`, each as a subset of the glyphs it drew,
    /// with their widths and the text each glyph stands for; `next_ref` numbers the objects.
    /// Answers the fonts a page names, by their resource names.
    pub fn embed(&self, pdf: &mut Pdf, next_ref: &mut impl FnMut() -> Ref) -> Result<Vec<(&'static str, Ref)>, String> {
        let mut named = Vec::new();
        for (slot, used) in self.used.iter().enumerate() {
            if used.texts.is_empty() {
                continue;
            }
            let face = face_at(slot);
            let base = format!("{}+{}", SUBSET_TAGS[slot], face.name);
            let (type0, cid_font, descriptor, file, cmap) = (next_ref(), next_ref(), next_ref(), next_ref(), next_ref());
            let scale = 1000.0 / face.units_per_em();

            pdf.type0_font(type0).base_font(Name(base.as_bytes())).encoding_predefined(Name(b"Identity-H")).descendant_font(cid_font).to_unicode(cmap);

            let identity = SystemInfo { registry: Str(b"Adobe"), ordering: Str(b"Identity"), supplement: 0 };
            let mut cid = pdf.cid_font(cid_font);
            cid.subtype(CidFontType::Type2).base_font(Name(base.as_bytes())).system_info(identity).font_descriptor(descriptor).default_width(0.0);
            cid.cid_to_gid_map_predefined(Name(b"Identity"));
            cid.widths().consecutive(0, used.remapper.remapped_gids().map(|gid| face.advance(gid) * scale));
            drop(cid);

            let b = face.parsed.global_bounding_box();
            let bbox = Rect::new(f32::from(b.x_min) * scale, f32::from(b.y_min) * scale, f32::from(b.x_max) * scale, f32::from(b.y_max) * scale);
            let ascent = f32::from(face.parsed.ascender()) * scale;
            pdf.font_descriptor(descriptor)
                .name(Name(base.as_bytes()))
                .flags(FontFlags::NON_SYMBOLIC)
                .bbox(bbox)
                .italic_angle(0.0)
                .ascent(ascent)
                .descent(f32::from(face.parsed.descender()) * scale)
                .cap_height(face.parsed.capital_height().map_or(ascent, |h| f32::from(h) * scale))
                .stem_v(if slot % 2 == 1 { 120.0 } else { 80.0 })
                .font_file2(file);

            let subset = subsetter::subset(face.bytes, 0, &used.remapper).map_err(|e| format!("cannot subset {}: {e}", face.name))?;
            let packed = deflate(&subset);
            pdf.stream(file, &packed).filter(Filter::FlateDecode).pair(Name(b"Length1"), subset.len() as i32);

            let mut unicode = UnicodeCmap::new(Name(b"Custom"), identity);
            for (cid, text) in &used.texts {
                unicode.pair_with_multiple(*cid, text.chars());
            }
            let unicode = unicode.finish();
            pdf.cmap(cmap, &unicode).name(Name(b"Custom")).system_info(identity);
            named.push((FONT_NAMES[slot], type0));
        }
        Ok(named)
    }
}

/// `data` compressed as a PDF's FlateDecode filter reads it.
pub fn deflate(data: &[u8]) -> Vec<u8> {
    use std::io::Write;
    let mut encoder = flate2::write::ZlibEncoder::new(Vec::with_capacity(data.len() / 3), flate2::Compression::default());
    encoder.write_all(data).expect("writing to memory");
    encoder.finish().expect("writing to memory")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_cut_where_the_script_changes() {
        let cut: Vec<(Script, &str)> = runs("FIR 12 शिकायत संख्या: 7");
        assert_eq!(cut, vec![(Script::Latin, "FIR 12 "), (Script::Devanagari, "शिकायत संख्या"), (Script::Latin, ": 7")]);
    }

    #[test]
    fn devanagari_is_shaped_into_conjuncts_and_reordered_vowel_signs() {
        let face = face(Script::Devanagari, Weight::Regular);
        // क्ष is one conjunct glyph; the vowel sign ि is drawn before its consonant.
        let ksha = shape(face, "क्ष");
        assert_eq!(ksha.len(), 1, "one conjunct glyph");
        assert_eq!(ksha[0].text, "क्ष");
        let ki = shape(face, "कि");
        assert_eq!(ki.len(), 2);
        assert_eq!(ki[0].text, "ि", "the vowel sign comes first on the page");
        assert_eq!(ki[1].text, "क");
        let kshi = shape(face, "क्षि");
        assert_eq!((kshi[0].text.as_str(), kshi[1].text.as_str()), ("ि", "क्ष"), "the sign before a conjunct, in its wide form");
        let letters: String = shape(face, "प्राथमिकता").iter().map(|g| g.text.as_str()).collect::<String>();
        assert_eq!(letters.chars().count(), "प्राथमिकता".chars().count(), "every character is carried by some glyph: {letters}");
        assert!(width("प्राथमिकता", Weight::Regular, 10.0) > width("प", Weight::Regular, 10.0));
    }
}

//! Setting text in the PDF report in two scripts. Latin (and Greek, Cyrillic, symbols) is set
//! in DejaVu Sans Condensed, one glyph per character. Devanagari needs shaping: conjuncts,
//! half forms, reordered and stacked vowel signs come from the font's OpenType tables, which
//! rustybuzz (HarfBuzz's shaper in Rust) applies; the shaped glyphs are written by id, each
//! with the text it stands for, so that copying or extracting the text gives Hindi back.

use printpdf::{Codepoint, DictItem, FontId, Op, ParsedFont, PdfDocument, PdfFontHandle, Pt, TextItem, TextMatrix};
use std::sync::OnceLock;

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

/// A face: parsed for the PDF (widths, embedding) and, for Devanagari, for the shaper.
struct Face {
    parsed: ParsedFont,
    /// Parsed once, not per text run: a report shapes every cell of every row.
    shaper: rustybuzz::Face<'static>,
}

impl Face {
    fn new(bytes: &'static [u8]) -> Face {
        Face {
            parsed: ParsedFont::from_bytes(bytes, 0, &mut Vec::new()).expect("a bundled font parses"),
            shaper: rustybuzz::Face::from_slice(bytes, 0).expect("a bundled font shapes"),
        }
    }

    fn units_per_em(&self) -> f32 {
        f32::from(self.parsed.units_per_em.max(1))
    }

    fn advance(&self, gid: u16) -> f32 {
        f32::from(self.parsed.get_glyph_width(gid).unwrap_or(0))
    }
}

struct Faces {
    latin: [Face; 2],
    devanagari: [Face; 2],
}

fn faces() -> &'static Faces {
    static FACES: OnceLock<Faces> = OnceLock::new();
    FACES.get_or_init(|| Faces {
        latin: [Face::new(LATIN_REGULAR), Face::new(LATIN_BOLD)],
        devanagari: [Face::new(DEVANAGARI_REGULAR), Face::new(DEVANAGARI_BOLD)],
    })
}

fn face(script: Script, weight: Weight) -> &'static Face {
    let i = if weight == Weight::Bold { 1 } else { 0 };
    match script {
        Script::Latin => &faces().latin[i],
        Script::Devanagari => &faces().devanagari[i],
    }
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
    let shaped = rustybuzz::shape(&face.shaper, &[], buffer);
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
            let own = face.parsed.lookup_glyph_index(c as u32);
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
                Script::Latin => {
                    let fallback = face.parsed.lookup_glyph_index('?' as u32).map(|g| face.advance(g)).unwrap_or(500.0);
                    let units: f32 = run.chars().map(|c| face.parsed.lookup_glyph_index(c as u32).map(|g| face.advance(g)).unwrap_or(fallback)).sum();
                    units * 1000.0 / face.units_per_em()
                }
            }
        })
        .sum();
    to_mm(thousandths, size)
}

/// Thousandths of an em at `size` points, in mm.
fn to_mm(thousandths: f32, size: f32) -> f32 {
    thousandths / 1000.0 * size * 25.4 / 72.0
}

/// The fonts of one document.
#[derive(Clone)]
pub struct Fonts {
    latin: [FontId; 2],
    devanagari: [FontId; 2],
}

impl Fonts {
    pub fn add_to(doc: &mut PdfDocument) -> Fonts {
        let f = faces();
        Fonts {
            latin: [doc.add_font(&f.latin[0].parsed), doc.add_font(&f.latin[1].parsed)],
            devanagari: [doc.add_font(&f.devanagari[0].parsed), doc.add_font(&f.devanagari[1].parsed)],
        }
    }

    fn id(&self, script: Script, weight: Weight) -> FontId {
        let i = if weight == Weight::Bold { 1 } else { 0 };
        match script {
            Script::Latin => self.latin[i].clone(),
            Script::Devanagari => self.devanagari[i].clone(),
        }
    }

    /// The operations that set `text` with its baseline starting at (`x`, `y`) mm. Goes inside
    /// a text section.
    pub fn text(&self, weight: Weight, size: f32, x: f32, y: f32, text: &str) -> Vec<Op> {
        let mut ops = Vec::new();
        let mut x = x;
        for (script, run) in runs(text) {
            ops.push(Op::SetFont { font: PdfFontHandle::External(self.id(script, weight)), size: Pt(size) });
            ops.push(Op::SetTextMatrix { matrix: TextMatrix::Translate(printpdf::Mm(x).into(), printpdf::Mm(y).into()) });
            x += match script {
                Script::Latin => {
                    ops.push(Op::ShowText { items: vec![TextItem::Text(run.to_string())] });
                    width(run, weight, size)
                }
                Script::Devanagari => {
                    // Shaped once: the glyphs to draw and how far they take the pen.
                    let face = face(script, weight);
                    let glyphs = shape(face, run);
                    let advance = to_mm(glyphs.iter().map(|g| g.advance).sum(), size);
                    // The glyphs are in the order they are drawn; a reader that copies text
                    // takes the words in reading order from /ActualText.
                    ops.push(Op::BeginMarkedContentWithProperties { tag: "Span".into(), properties: actual_text(run) });
                    ops.push(Op::ShowText { items: glyph_items(face, glyphs) });
                    ops.push(Op::EndMarkedContent);
                    advance
                }
            };
        }
        ops
    }
}

/// `<< /ActualText (text) >>`, the text as UTF-16BE with its byte-order mark.
fn actual_text(text: &str) -> DictItem {
    let mut data = vec![0xFE, 0xFF];
    data.extend(text.encode_utf16().flat_map(u16::to_be_bytes));
    DictItem::Dict { map: std::collections::BTreeMap::from([("ActualText".to_string(), DictItem::String { data, literal: false })]) }
}

/// The shaped glyphs as the PDF shows them. A viewer moves the pen by each glyph's own
/// width; the number after a glyph (thousandths of an em, subtracted) moves it on to where
/// the shaper put the next one.
fn glyph_items(face: &Face, glyphs: Vec<Glyph>) -> Vec<TextItem> {
    let scale = 1000.0 / face.units_per_em();
    let mut items = Vec::new();
    let first_offset = glyphs.first().map_or(0.0, |g| g.x_offset);
    if first_offset != 0.0 {
        items.push(TextItem::Offset(-first_offset));
    }
    let mut codepoints = Vec::with_capacity(glyphs.len());
    let mut pen = 0.0; // where the shaper's pen is, before glyph i
    for (i, g) in glyphs.iter().enumerate() {
        let drawn_at = pen + g.x_offset;
        let viewer_after = drawn_at + face.advance(g.gid) * scale;
        pen += g.advance;
        let next_at = pen + glyphs.get(i + 1).map_or(0.0, |n| n.x_offset);
        let shift = next_at - viewer_after;
        codepoints.push(Codepoint { gid: g.gid, offset: -shift, cid: Some(g.text.clone()) });
    }
    items.push(TextItem::GlyphIds(codepoints));
    items
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

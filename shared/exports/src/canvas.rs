//! A PDF file drawn page by page, in millimetres from each page's bottom left: filled
//! rectangles and text in the bundled faces (`typeset`). When the pages are done the faces
//! are embedded with only the glyphs drawn, and every stream is compressed.

use crate::typeset::{deflate, pt, Fonts, Weight};
use domain::{Error, Result};
use pdf_writer::{Content, Filter, Name, Pdf, Rect, Ref, TextStr};

/// A colour as red, green and blue, each from 0 to 1.
pub type Rgb = (f32, f32, f32);

pub struct Canvas {
    width: f32,
    height: f32,
    fonts: Fonts,
    pages: Vec<Content>,
    /// The page being drawn on.
    current: usize,
}

impl Canvas {
    /// A document of one empty page, `width` by `height` mm.
    pub fn new(width: f32, height: f32) -> Canvas {
        Canvas { width, height, fonts: Fonts::default(), pages: vec![Content::new()], current: 0 }
    }

    /// Adds an empty page after the last and draws on it from now on.
    pub fn add_page(&mut self) {
        self.pages.push(Content::new());
        self.current = self.pages.len() - 1;
    }

    pub fn page_count(&self) -> usize {
        self.pages.len()
    }

    /// Draws on page `index` (from 0) from now on: the footers, once the pages are counted.
    pub fn select_page(&mut self, index: usize) {
        self.current = index.min(self.pages.len() - 1);
    }

    pub fn rect(&mut self, x: f32, y: f32, width: f32, height: f32, (r, g, b): Rgb) {
        let page = &mut self.pages[self.current];
        page.set_fill_rgb(r, g, b);
        page.rect(pt(x), pt(y), pt(width), pt(height));
        page.fill_nonzero();
    }

    /// Sets `text` with its baseline starting at (`x`, `y`).
    pub fn text(&mut self, weight: Weight, size: f32, x: f32, y: f32, text: &str, (r, g, b): Rgb) {
        let page = &mut self.pages[self.current];
        page.set_fill_rgb(r, g, b);
        self.fonts.text(page, weight, size, x, y, text);
    }

    /// The finished file, titled `title`.
    pub fn finish(self, title: &str) -> Result<Vec<u8>> {
        let mut pdf = Pdf::new();
        let mut last = 0;
        let mut next_ref = || {
            last += 1;
            Ref::new(last)
        };
        let (catalog, tree, info) = (next_ref(), next_ref(), next_ref());
        let pages: Vec<(Ref, Ref)> = self.pages.iter().map(|_| (next_ref(), next_ref())).collect();
        let fonts = self.fonts.embed(&mut pdf, &mut next_ref).map_err(|e| Error::internal(format!("cannot write the PDF: {e}")))?;

        pdf.catalog(catalog).pages(tree);
        pdf.pages(tree).kids(pages.iter().map(|(page, _)| *page)).count(pages.len() as i32);
        pdf.document_info(info).title(TextStr(title)).producer(TextStr("Police Grievance Portal"));
        let media = Rect::new(0.0, 0.0, pt(self.width), pt(self.height));
        for ((page_ref, content_ref), content) in pages.into_iter().zip(self.pages) {
            let mut page = pdf.page(page_ref);
            page.parent(tree).media_box(media).contents(content_ref);
            let mut resources = page.resources();
            let mut names = resources.fonts();
            for (name, font) in &fonts {
                names.pair(Name(name.as_bytes()), *font);
            }
            drop(names);
            drop(resources);
            drop(page);
            pdf.stream(content_ref, &deflate(&content.finish())).filter(Filter::FlateDecode);
        }
        Ok(pdf.finish())
    }
}

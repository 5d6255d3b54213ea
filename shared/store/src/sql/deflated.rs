//! Text kept deflated from a preset dictionary: the words a kind of text is likely to hold
//! (its field names, the shape around them), which deflate could not otherwise share between
//! records of a few hundred bytes each. A row names the dictionary it was deflated with, so a
//! dictionary's text never changes once written; a better one is added under the next number.

thread_local! {
    // A stream's state is tens of kilobytes (the window, deflate's hash chains): made once per
    // thread and reset for each text, not made and dropped for each row of a page.
    static COMPRESS: std::cell::RefCell<flate2::Compress> = std::cell::RefCell::new(flate2::Compress::new(flate2::Compression::default(), false));
    static DECOMPRESS: std::cell::RefCell<flate2::Decompress> = std::cell::RefCell::new(flate2::Decompress::new(false));
}

/// `text` deflated (raw deflate, no header), starting from `dictionary` when there is one.
pub fn deflate(text: &[u8], dictionary: Option<&[u8]>) -> Result<Vec<u8>, String> {
    COMPRESS.with_borrow_mut(|compress| deflate_with(compress, text, dictionary))
}

fn deflate_with(compress: &mut flate2::Compress, text: &[u8], dictionary: Option<&[u8]>) -> Result<Vec<u8>, String> {
    compress.reset();
    if let Some(words) = dictionary {
        compress.set_dictionary(words).map_err(|e| e.to_string())?;
    }
    let mut out = Vec::with_capacity(text.len() / 2 + 64);
    loop {
        let read = compress.total_in() as usize;
        match compress
            .compress_vec(&text[read..], &mut out, flate2::FlushCompress::Finish)
            .map_err(|e| e.to_string())?
        {
            flate2::Status::StreamEnd => return Ok(out),
            _ => out.reserve(out.capacity().max(256)),
        }
    }
}

/// The text `bytes` were deflated from with `dictionary`: an error for bytes that are not a
/// whole deflate stream of UTF-8 text.
pub fn inflate(bytes: &[u8], dictionary: Option<&[u8]>) -> Result<String, String> {
    DECOMPRESS.with_borrow_mut(|decompress| inflate_with(decompress, bytes, dictionary))
}

fn inflate_with(decompress: &mut flate2::Decompress, bytes: &[u8], dictionary: Option<&[u8]>) -> Result<String, String> {
    decompress.reset(false);
    if let Some(words) = dictionary {
        decompress
            .set_dictionary(words)
            .map_err(|e| e.to_string())?;
    }
    let mut text = Vec::with_capacity(bytes.len() * 4);
    loop {
        let read = decompress.total_in() as usize;
        let before = (decompress.total_in(), decompress.total_out());
        match decompress
            .decompress_vec(&bytes[read..], &mut text, flate2::FlushDecompress::Finish)
            .map_err(|e| e.to_string())?
        {
            flate2::Status::StreamEnd => break,
            // Progress needs room; no progress with room to spare is a truncated stream.
            _ if text.len() == text.capacity() => text.reserve(text.capacity().max(1024)),
            _ if (decompress.total_in(), decompress.total_out()) == before => {
                return Err("truncated".into())
            }
            _ => {}
        }
    }
    String::from_utf8(text).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_comes_back_whole_with_and_without_a_dictionary() {
        let text =
            "{\"final_decision\":\"Disposed of after enquiry.\",\"reason\":\"निरीक्षक\"}".repeat(3);
        for dictionary in [
            None,
            Some(&b"{\"final_decision\":\"\",\"reason\":\"\"}"[..]),
        ] {
            let bytes = deflate(text.as_bytes(), dictionary).unwrap();
            assert!(bytes.len() < text.len());
            assert_eq!(inflate(&bytes, dictionary).unwrap(), text);
        }
    }

    #[test]
    fn a_cut_stream_or_the_wrong_dictionary_is_an_error_not_other_text() {
        let words = &b"{\"final_decision\":\"\"}"[..];
        let bytes = deflate(b"{\"final_decision\":\"Disposed of.\"}", Some(words)).unwrap();
        assert!(inflate(&bytes[..bytes.len() - 3], Some(words)).is_err());
        assert!(inflate(&bytes, None).is_err());
    }
}

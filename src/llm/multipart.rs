//! A `multipart/form-data` body (RFC 7578), built in memory. Four fields do not
//! justify reqwest's `multipart` feature and the MIME-guessing crate it brings.

/// A form being built; [`Multipart::finish`] gives the body and its content type.
#[derive(Debug)]
pub struct Multipart {
    boundary: String,
    body: Vec<u8>,
    /// Contents of every part, to check the boundary occurs in none of them.
    contents: Vec<(usize, usize)>,
}

impl Multipart {
    /// An empty form with a random boundary.
    pub fn new() -> Self {
        Multipart {
            boundary: random_boundary(),
            body: Vec::new(),
            contents: Vec::new(),
        }
    }

    /// Adds a text field.
    pub fn text(&mut self, name: &str, value: &str) -> &mut Self {
        self.part(name, None, value.as_bytes())
    }

    /// Adds a file field with its file name and media type.
    pub fn file(
        &mut self,
        name: &str,
        file_name: &str,
        media_type: &str,
        bytes: &[u8],
    ) -> &mut Self {
        self.part(name, Some((file_name, media_type)), bytes)
    }

    fn part(&mut self, name: &str, file: Option<(&str, &str)>, bytes: &[u8]) -> &mut Self {
        let mut head = format!(
            "--{}\r\nContent-Disposition: form-data; name=\"{}\"",
            self.boundary,
            quoted(name)
        );
        if let Some((file_name, media_type)) = file {
            head.push_str(&format!(
                "; filename=\"{}\"\r\nContent-Type: {media_type}",
                quoted(file_name)
            ));
        }
        head.push_str("\r\n\r\n");
        self.body.extend_from_slice(head.as_bytes());
        self.contents.push((self.body.len(), bytes.len()));
        self.body.extend_from_slice(bytes);
        self.body.extend_from_slice(b"\r\n");
        self
    }

    /// The body and its `Content-Type` header value. Should the boundary occur in a
    /// part (odds of about 2⁻¹²⁸ per place), the form is rebuilt with a new one.
    pub fn finish(mut self) -> (Vec<u8>, String) {
        while self.contents.iter().any(|&(start, length)| {
            contains(&self.body[start..start + length], self.boundary.as_bytes())
        }) {
            self = self.rebuilt();
        }
        self.body
            .extend_from_slice(format!("--{}--\r\n", self.boundary).as_bytes());
        let content_type = format!("multipart/form-data; boundary={}", self.boundary);
        (self.body, content_type)
    }

    fn rebuilt(self) -> Multipart {
        let old = format!("--{}", self.boundary);
        let fresh = Multipart::new();
        let new = format!("--{}", fresh.boundary);
        let mut body = Vec::with_capacity(self.body.len());
        let mut contents = Vec::with_capacity(self.contents.len());
        let mut position = 0;
        for &(start, length) in &self.contents {
            // Everything between parts is framing written by `part`, so swap its boundary.
            let framing = String::from_utf8_lossy(&self.body[position..start]).replace(&old, &new);
            body.extend_from_slice(framing.as_bytes());
            contents.push((body.len(), length));
            body.extend_from_slice(&self.body[start..start + length]);
            position = start + length;
        }
        body.extend_from_slice(&self.body[position..]);
        Multipart {
            boundary: fresh.boundary,
            body,
            contents,
        }
    }
}

impl Default for Multipart {
    fn default() -> Self {
        Multipart::new()
    }
}

fn random_boundary() -> String {
    format!(
        "aider-tui-{:016x}{:016x}",
        rand::random::<u64>(),
        rand::random::<u64>()
    )
}

/// A name fit for a quoted header parameter.
fn quoted(text: &str) -> String {
    text.replace(['"', '\r', '\n'], "_")
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    needle.is_empty()
        || haystack
            .windows(needle.len())
            .any(|window| window == needle)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_are_framed_by_the_boundary() {
        let mut form = Multipart::new();
        form.text("model", "whisper-1")
            .file("file", "audio.wav", "audio/wav", b"RIFF\0\x01data");
        let (body, content_type) = form.finish();
        let boundary = content_type
            .strip_prefix("multipart/form-data; boundary=")
            .unwrap();
        let expected = format!(
            "--{boundary}\r\nContent-Disposition: form-data; name=\"model\"\r\n\r\nwhisper-1\r\n--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"audio.wav\"\r\nContent-Type: audio/wav\r\n\r\nRIFF\0\x01data\r\n--{boundary}--\r\n"
        );
        assert_eq!(body, expected.as_bytes());
    }

    #[test]
    fn a_boundary_found_in_a_part_is_replaced() {
        let mut form = Multipart::new();
        let clash = format!("--{}", form.boundary);
        form.text("a", &clash).text("b", "x");
        let (body, content_type) = form.finish();
        let boundary = content_type.rsplit('=').next().unwrap().to_string();
        assert!(!clash.contains(&boundary));
        let text = String::from_utf8(body).unwrap();
        assert_eq!(text.matches(&format!("--{boundary}")).count(), 3);
        assert!(text.contains(&format!("\r\n\r\n{clash}\r\n")));
    }
}

//! A setting's raw value (from YAML or an environment string) and its conversions
//! to the types settings need, lenient the way Aider's option parser is.

use std::borrow::Cow;

/// A raw value before it is checked against the key's type.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Value {
    /// YAML `null` or an empty value: leaves the setting as it was.
    Null,
    Bool(bool),
    Integer(i64),
    Float(f64),
    Text(String),
    List(Vec<Value>),
    /// A nested mapping: never valid for a key we know.
    Mapping,
}

impl From<serde_json::Value> for Value {
    fn from(value: serde_json::Value) -> Self {
        match value {
            serde_json::Value::Null => Value::Null,
            serde_json::Value::Bool(flag) => Value::Bool(flag),
            serde_json::Value::Number(number) => match number.as_i64() {
                Some(integer) => Value::Integer(integer),
                None => Value::Float(number.as_f64().unwrap_or(f64::NAN)),
            },
            serde_json::Value::String(text) => Value::Text(text),
            serde_json::Value::Array(items) => {
                Value::List(items.into_iter().map(Value::from).collect())
            }
            serde_json::Value::Object(_) => Value::Mapping,
        }
    }
}

/// What a key expected, for error messages ("true or false", "one of diff, whole, …").
pub(crate) type Expected = Cow<'static, str>;

impl Value {
    /// A short description of the value for an error message.
    pub(crate) fn describe(&self) -> String {
        match self {
            Value::Null => "empty".into(),
            Value::Bool(flag) => format!("the boolean {flag}"),
            Value::Integer(integer) => format!("the number {integer}"),
            Value::Float(float) => format!("the number {float}"),
            Value::Text(text) => format!("the text {text:?}"),
            Value::List(items) => format!("a list of {} items", items.len()),
            Value::Mapping => "a mapping".into(),
        }
    }

    /// [`Value::describe`], or only the value's shape when it may hold a key.
    pub(crate) fn describe_unless(&self, secret: bool) -> String {
        match self {
            Value::Text(_) if secret => "a text (not shown: it may be a key)".into(),
            Value::List(items) if secret => format!("a list of {} items (not shown)", items.len()),
            _ => self.describe(),
        }
    }

    /// true/false, also written yes/no, on/off, 1/0 (any case).
    pub(crate) fn to_bool(&self) -> Result<bool, Expected> {
        const EXPECTED: Expected = Cow::Borrowed("true or false");
        match self {
            Value::Bool(flag) => Ok(*flag),
            Value::Integer(1) => Ok(true),
            Value::Integer(0) => Ok(false),
            Value::Text(text) => match text.trim().to_ascii_lowercase().as_str() {
                "true" | "yes" | "on" | "1" => Ok(true),
                "false" | "no" | "off" | "0" => Ok(false),
                _ => Err(EXPECTED),
            },
            _ => Err(EXPECTED),
        }
    }

    /// Text; numbers are accepted and written out (a model named `4`).
    pub(crate) fn to_text(&self) -> Result<String, Expected> {
        match self {
            Value::Text(text) => Ok(text.clone()),
            Value::Integer(integer) => Ok(integer.to_string()),
            Value::Float(float) => Ok(float.to_string()),
            _ => Err("text".into()),
        }
    }

    /// A whole number that is zero or more; text may use Aider's `8k` and `0.5M`.
    pub(crate) fn to_count(&self) -> Result<u64, Expected> {
        const EXPECTED: Expected = Cow::Borrowed("a whole number (0 or more, such as 2048 or 8k)");
        match self {
            Value::Integer(integer) => u64::try_from(*integer).map_err(|_| EXPECTED),
            Value::Text(text) => parse_count(text).ok_or(EXPECTED),
            _ => Err(EXPECTED),
        }
    }

    /// A number of seconds (fractions allowed), zero or more.
    pub(crate) fn to_seconds(&self) -> Result<f64, Expected> {
        const EXPECTED: Expected = Cow::Borrowed("a number of seconds");
        let seconds = match self {
            Value::Integer(integer) => *integer as f64,
            Value::Float(float) => *float,
            Value::Text(text) => text.trim().parse::<f64>().map_err(|_| EXPECTED)?,
            _ => return Err(EXPECTED),
        };
        if seconds.is_finite() && seconds >= 0.0 {
            Ok(seconds)
        } else {
            Err(EXPECTED)
        }
    }

    /// A list of texts. A single text is a list of one; in an environment variable,
    /// `[a, b]` is a list (as Aider's option parser reads it).
    pub(crate) fn to_text_list(&self) -> Result<Vec<String>, Expected> {
        const EXPECTED: Expected = Cow::Borrowed("text or a list of texts");
        match self {
            Value::List(items) => items
                .iter()
                .map(|item| item.to_text().map_err(|_| EXPECTED))
                .collect(),
            Value::Text(text) => {
                let trimmed = text.trim();
                if let Some(inner) = trimmed.strip_prefix('[').and_then(|t| t.strip_suffix(']')) {
                    Ok(inner
                        .split(',')
                        .map(|item| {
                            item.trim()
                                .trim_matches(|c| c == '"' || c == '\'')
                                .to_string()
                        })
                        .filter(|item| !item.is_empty())
                        .collect())
                } else {
                    Ok(vec![text.clone()])
                }
            }
            Value::Integer(_) | Value::Float(_) => Ok(vec![self.to_text()?]),
            _ => Err(EXPECTED),
        }
    }
}

/// A count as Aider writes token budgets: `8192`, `8k`, `10.5K`, `0.5M` (k is 1024,
/// M is 1024²); the result is rounded to a whole number.
pub fn parse_count(text: &str) -> Option<u64> {
    let text = text.trim().to_ascii_lowercase();
    let (number, scale) = if let Some(number) = text.strip_suffix('k') {
        (number, 1024.0)
    } else if let Some(number) = text.strip_suffix('m') {
        (number, 1024.0 * 1024.0)
    } else {
        return text.parse::<u64>().ok();
    };
    let value: f64 = number.trim().parse().ok()?;
    if !value.is_finite() || value < 0.0 {
        return None;
    }
    let count = (value * scale).round();
    (count <= u64::MAX as f64).then_some(count as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn booleans_are_lenient_but_not_anything() {
        assert_eq!(Value::Text("No".into()).to_bool(), Ok(false));
        assert_eq!(Value::Text(" on ".into()).to_bool(), Ok(true));
        assert_eq!(Value::Integer(0).to_bool(), Ok(false));
        assert!(Value::Text("maybe".into()).to_bool().is_err());
        assert!(Value::List(vec![]).to_bool().is_err());
        assert!(Value::Integer(2).to_bool().is_err());
    }

    #[test]
    fn counts_and_lists() {
        assert_eq!(Value::Text("2048".into()).to_count(), Ok(2048));
        assert_eq!(Value::Text("8k".into()).to_count(), Ok(8192));
        assert_eq!(Value::Text("10.5K".into()).to_count(), Ok(10_752));
        assert_eq!(Value::Text("0.5M".into()).to_count(), Ok(524_288));
        assert!(Value::Text("-3k".into()).to_count().is_err());
        assert!(Value::Text("1.5".into()).to_count().is_err());
        assert!(Value::Integer(-1).to_count().is_err());
        assert!(Value::Text("lots".into()).to_count().is_err());
        assert_eq!(
            Value::Text("[a.md, 'b.md']".into()).to_text_list(),
            Ok(vec!["a.md".to_string(), "b.md".to_string()])
        );
        assert_eq!(
            Value::Text("a.md".into()).to_text_list(),
            Ok(vec!["a.md".to_string()])
        );
        assert!(Value::Mapping.to_text_list().is_err());
        assert!(Value::Text("x".into()).to_seconds().is_err());
        assert_eq!(Value::Float(1.5).to_seconds(), Ok(1.5));
    }
}

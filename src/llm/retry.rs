//! When to send a failed request again and how long to wait first: the server's
//! `retry-after-ms` / `retry-after` when it gives one (up to a minute), otherwise
//! exponential backoff with jitter.

use std::time::{Duration, SystemTime};

use reqwest::header::HeaderMap;

/// Longest wait a server may ask for; longer requests fall back to backoff.
pub const LONGEST_SERVER_WAIT: Duration = Duration::from_secs(60);
/// First backoff step; it doubles per attempt.
const FIRST_BACKOFF: Duration = Duration::from_millis(250);
/// Backoff never grows past this.
const LONGEST_BACKOFF: Duration = Duration::from_secs(8);

/// The wait a response asks for, from `retry-after-ms`, then `retry-after` (seconds or
/// an HTTP date); `None` when absent, unparsable, not positive or over a minute.
pub fn server_wait(headers: &HeaderMap) -> Option<Duration> {
    let header = |name: &str| {
        headers
            .get(name)
            .and_then(|value| value.to_str().ok())
            .map(str::trim)
    };
    let wait = if let Some(millis) =
        header("retry-after-ms").and_then(|value| value.parse::<f64>().ok())
    {
        Some(millis / 1000.0)
    } else if let Some(value) = header("retry-after") {
        match value.parse::<f64>() {
            Ok(seconds) => Some(seconds),
            Err(_) => http_date_seconds_from_now(value),
        }
    } else {
        None
    }?;
    let wait = Duration::try_from_secs_f64(wait).ok()?;
    (!wait.is_zero() && wait <= LONGEST_SERVER_WAIT).then_some(wait)
}

/// `x-should-retry: true|false` overrides the status-based decision.
pub fn server_says_retry(headers: &HeaderMap) -> Option<bool> {
    match headers
        .get("x-should-retry")
        .and_then(|value| value.to_str().ok())
    {
        Some("true") => Some(true),
        Some("false") => Some(false),
        _ => None,
    }
}

/// Exponential backoff for attempt `attempt` (0 = first retry), with up to 25% jitter off.
pub fn backoff(attempt: u32) -> Duration {
    let base = FIRST_BACKOFF
        .saturating_mul(1u32 << attempt.min(16))
        .min(LONGEST_BACKOFF);
    let jitter = 1.0 - 0.25 * rand::random::<f64>();
    base.mul_f64(jitter)
}

/// Seconds from now until an IMF-fixdate such as `Wed, 21 Oct 2015 07:28:00 GMT`.
fn http_date_seconds_from_now(value: &str) -> Option<f64> {
    let parts: Vec<&str> = value.split_whitespace().collect();
    let [_, day, month, year, time, "GMT"] = parts.as_slice() else {
        return None;
    };
    let months = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    let month = months.iter().position(|name| name == month)? as i64 + 1;
    let day: i64 = day.parse().ok()?;
    let year: i64 = year.parse().ok()?;
    let clock: Vec<i64> = time
        .split(':')
        .map(|part| part.parse().ok())
        .collect::<Option<_>>()?;
    let [hours, minutes, seconds] = clock.as_slice() else {
        return None;
    };
    let epoch_seconds =
        days_from_civil(year, month, day) * 86_400 + hours * 3600 + minutes * 60 + seconds;
    let now = SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .ok()?
        .as_secs_f64();
    Some(epoch_seconds as f64 - now)
}

/// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let year_of_era = year - era * 400;
    let shifted_month = (month + 9) % 12;
    let day_of_year = (153 * shifted_month + 2) / 5 + day - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era * 146_097 + day_of_era - 719_468
}

#[cfg(test)]
mod tests {
    use super::*;
    use reqwest::header::HeaderValue;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.insert(*name, HeaderValue::from_str(value).unwrap());
        }
        map
    }

    #[test]
    fn milliseconds_win_over_seconds() {
        let wait = server_wait(&headers(&[("retry-after", "1"), ("retry-after-ms", "50")]));
        assert_eq!(wait, Some(Duration::from_millis(50)));
        assert_eq!(
            server_wait(&headers(&[("retry-after", "2")])),
            Some(Duration::from_secs(2))
        );
        assert_eq!(
            server_wait(&headers(&[("retry-after", "0.5")])),
            Some(Duration::from_millis(500))
        );
    }

    #[test]
    fn out_of_range_or_garbage_is_ignored() {
        assert_eq!(server_wait(&headers(&[("retry-after", "0")])), None);
        assert_eq!(server_wait(&headers(&[("retry-after", "61")])), None);
        assert_eq!(server_wait(&headers(&[("retry-after", "-3")])), None);
        assert_eq!(server_wait(&headers(&[("retry-after", "soon")])), None);
        assert_eq!(server_wait(&HeaderMap::new()), None);
    }

    #[test]
    fn http_dates_count_from_now() {
        assert_eq!(days_from_civil(1970, 1, 1), 0);
        assert_eq!(days_from_civil(2015, 10, 21), 16_729);
        // A date in the past is not a positive wait.
        assert_eq!(
            server_wait(&headers(&[(
                "retry-after",
                "Wed, 21 Oct 2015 07:28:00 GMT"
            )])),
            None
        );
    }

    #[test]
    fn backoff_doubles_with_jitter_and_is_capped() {
        for attempt in 0..20 {
            let wait = backoff(attempt);
            let base = FIRST_BACKOFF
                .saturating_mul(1 << attempt.min(16))
                .min(LONGEST_BACKOFF);
            assert!(
                wait <= base && wait >= base.mul_f64(0.75),
                "attempt {attempt}: {wait:?}"
            );
        }
    }

    #[test]
    fn should_retry_header() {
        assert_eq!(
            server_says_retry(&headers(&[("x-should-retry", "false")])),
            Some(false)
        );
        assert_eq!(server_says_retry(&HeaderMap::new()), None);
    }
}

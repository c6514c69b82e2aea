//! Times for sessions: the current time, session ids that sort by start time, and
//! times as people read them (local time, like `git log`).

/// Seconds since the Unix epoch, now.
pub fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |elapsed| {
            i64::try_from(elapsed.as_secs()).unwrap_or(i64::MAX)
        })
}

/// A new session id for a session starting at `time`: the UTC date and time, then four
/// random hex digits so two sessions started in the same second differ
/// (`20260102-153045-7f3a`). Ids sort by start time.
pub fn new_id(time: i64) -> String {
    let civil = Civil::from_unix(time);
    let salt: u16 = rand::random();
    format!(
        "{:04}{:02}{:02}-{:02}{:02}{:02}-{salt:04x}",
        civil.year, civil.month, civil.day, civil.hour, civil.minute, civil.second
    )
}

/// `time` as local date and time to the minute (`2026-01-02 15:30`); UTC (marked so)
/// where the local offset is unknown.
pub fn local_time(time: i64) -> String {
    let (civil, suffix) = match local_offset(time) {
        Some(offset) => (Civil::from_unix(time.saturating_add(offset)), ""),
        None => (Civil::from_unix(time), " UTC"),
    };
    format!(
        "{:04}-{:02}-{:02} {:02}:{:02}{suffix}",
        civil.year, civil.month, civil.day, civil.hour, civil.minute
    )
}

/// A calendar date and time of day.
struct Civil {
    year: i64,
    month: u32,
    day: u32,
    hour: u32,
    minute: u32,
    second: u32,
}

impl Civil {
    /// The UTC calendar time of a Unix time (the proleptic Gregorian calendar).
    fn from_unix(time: i64) -> Civil {
        let days = time.div_euclid(86_400);
        let seconds = time.rem_euclid(86_400);
        // Days to a civil date: eras of 400 years, counted from 0000-03-01.
        let shifted = days + 719_468;
        let era = shifted.div_euclid(146_097);
        let day_of_era = shifted.rem_euclid(146_097);
        let year_of_era =
            (day_of_era - day_of_era / 1_460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
        let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
        let month_index = (5 * day_of_year + 2) / 153;
        let day = day_of_year - (153 * month_index + 2) / 5 + 1;
        let month = if month_index < 10 {
            month_index + 3
        } else {
            month_index - 9
        };
        let year = year_of_era + era * 400 + i64::from(month <= 2);
        Civil {
            year,
            month: month as u32,
            day: day as u32,
            hour: (seconds / 3_600) as u32,
            minute: (seconds % 3_600 / 60) as u32,
            second: (seconds % 60) as u32,
        }
    }
}

/// The local time zone's offset from UTC at `time`, in seconds.
#[cfg(unix)]
fn local_offset(time: i64) -> Option<i64> {
    let time = libc::time_t::try_from(time).ok()?;
    // SAFETY: `tm` is plain data that zeroed memory makes valid; localtime_r only
    // writes into it and is thread-safe, unlike localtime.
    let mut tm: libc::tm = unsafe { std::mem::zeroed() };
    // SAFETY: both pointers are valid for the call.
    let filled = unsafe { libc::localtime_r(&time, &mut tm) };
    if filled.is_null() {
        return None;
    }
    // `c_long` is 32 bits on some targets, so the conversion is needed there.
    #[allow(clippy::useless_conversion)]
    Some(i64::from(tm.tm_gmtoff))
}

#[cfg(not(unix))]
fn local_offset(_time: i64) -> Option<i64> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unix_times_become_calendar_dates() {
        let check = |time: i64, expected: (i64, u32, u32, u32, u32, u32)| {
            let civil = Civil::from_unix(time);
            assert_eq!(
                (
                    civil.year,
                    civil.month,
                    civil.day,
                    civil.hour,
                    civil.minute,
                    civil.second
                ),
                expected,
                "{time}"
            );
        };
        check(0, (1970, 1, 1, 0, 0, 0));
        check(951_782_400, (2000, 2, 29, 0, 0, 0));
        check(1_767_368_730, (2026, 1, 2, 15, 45, 30));
        check(-1, (1969, 12, 31, 23, 59, 59));
    }

    #[test]
    fn ids_sort_by_start_time() {
        let earlier = new_id(1_767_368_730);
        let later = new_id(1_767_368_731);
        assert!(earlier.starts_with("20260102-154530-"), "{earlier}");
        assert_eq!(earlier.len(), "20260102-154530-7f3a".len());
        assert!(earlier < later);
    }
}

package advice

import (
	"net/http"
	"strconv"
	"time"
)

// longestWait is the longest Retry-After a person would sit out: a
// limiter asking for more is misconfigured, and "wait" alone would have
// them wait years.
const longestWait = 24 * time.Hour

// retryAfterOdd is what to add to a quoted Retry-After that is no wait a
// person can keep, "" for one that is: delta-seconds past a day, a date
// already past or a day away by the server's own clock (its Date header),
// or neither form (RFC 9110 §10.2.3: digits, or an HTTP date).
func retryAfterOdd(ra, date string) string {
	if secs, err := strconv.ParseInt(ra, 10, 64); err == nil {
		if secs < 0 || time.Duration(secs) > longestWait/time.Second {
			return ", more than a day: no wait to sit out; the server's limiter is misconfigured, so try again in a minute"
		}
		return ""
	}
	at, err := http.ParseTime(ra)
	if err != nil {
		return ", neither a number of seconds nor a date: try again in a minute"
	}
	now, err := http.ParseTime(date)
	if err != nil {
		// No clock of the server's to read it by: quoted as it came.
		return ""
	}
	switch wait := at.Sub(now); {
	case wait <= 0:
		return ", a time already past by the server's own clock (Date: " + date + "): try again now"
	case wait > longestWait:
		return ", more than a day away: no wait to sit out; the server's limiter is misconfigured, so try again in a minute"
	}
	return ""
}

package advice

import (
	"errors"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// longestWait is the longest Retry-After a person would sit out: a
// limiter asking for more is misconfigured, and "wait" alone would have
// them wait years.
const longestWait = 24 * time.Hour

// retryAfterOdd is what to add to a quoted Retry-After that is no wait a
// person can keep, "" for one that is (mcp.RetryAfter reads it): more
// than a day away, a date already past by the server's own clock, or
// neither of its forms.
func retryAfterOdd(ra, date string) string {
	wait, err := mcp.RetryAfter(ra, date)
	switch {
	case errors.Is(err, mcp.ErrRetryAfterForm):
		return ", " + err.Error() + ": try again in a minute"
	case err != nil:
		// No clock of the server's to read its date by: quoted as it came.
		return ""
	case wait < 0:
		return ", a time already past by the server's own clock (Date: " + date + "): try again now"
	case wait > longestWait:
		return ", more than a day away: no wait to sit out; the server's limiter is misconfigured, so try again in a minute"
	}
	return ""
}

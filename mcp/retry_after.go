package mcp

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"
)

// ErrRetryAfterForm is a Retry-After that is neither of its two forms
// (RFC 9110 §10.2.3): digits, or an HTTP date.
var ErrRetryAfterForm = errors.New("neither a number of seconds nor a date")

// errNoServerClock is a Retry-After date that came with no Date header
// to read it by.
var errNoServerClock = errors.New("a date, with no Date header to read it by")

// RetryAfter is the wait a Retry-After header asks for: its seconds, or
// its date less the answer's own Date header, by the server's clock and
// not this machine's (nor a replay's day); a date already past is a
// wait below zero. It is the one reading of the header, by which
// reconnects wait and advice judges what was asked.
func RetryAfter(value, date string) (time.Duration, error) {
	if secs, err := strconv.ParseUint(value, 10, 63); err == nil {
		if secs > uint64(maxRetryAfter/time.Second) {
			return maxRetryAfter, nil
		}
		return time.Duration(secs) * time.Second, nil
	}
	at, err := http.ParseTime(value)
	if err != nil {
		return 0, ErrRetryAfterForm
	}
	now, err := http.ParseTime(date)
	if err != nil {
		return 0, errNoServerClock
	}
	return at.Sub(now), nil
}

// maxRetryAfter is where RetryAfter stops counting: far past any wait a
// person would sit out, short of a Duration's overflow.
const maxRetryAfter = 100 * 365 * 24 * time.Hour

// heed is wait, or the longer one a refusal's Retry-After asked for (a
// 429 or 503 that err is), held to the cap, with words that say so after
// the attempt's: a rate-limited server asked again at mcpscope's own
// pace refused every attempt before the wait it asked for was over.
func (p reconnectPace) heed(err error, wait time.Duration, words string) (time.Duration, string) {
	var we *WireError
	if !errors.As(err, &we) || we.Status != http.StatusTooManyRequests && we.Status != http.StatusServiceUnavailable {
		return wait, words
	}
	asked, rerr := RetryAfter(we.Header["Retry-After"], we.Header["Date"])
	if rerr != nil || asked <= wait {
		return wait, words
	}
	if asked > p.limit {
		return p.limit, fmt.Sprintf("; the server's Retry-After asks to wait %s: waiting %s (mcpscope's cap)", DurationText(asked), DurationText(p.limit))
	}
	return asked, fmt.Sprintf("; the server's Retry-After asks to wait %s", DurationText(asked))
}

package mcp

import (
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// Every answer net/http refuses to read as HTTP is bad-http, whose advice
// is about a broken server or proxy, not "is the server running?": the
// head line and header lines, and the framing headers (Content-Length,
// Transfer-Encoding) it checks before handing a response over. A server
// that takes the connection and closes it without a word dropped it: it
// is there, so "is it started?" is not the question.
func TestAnAnswerThatIsNotHTTPIsBadHTTP(t *testing.T) {
	for _, tc := range []struct {
		what, answer string
		want         Cause
	}{
		{"a status line that is not HTTP", "SSH-2.0-OpenSSH_9.6\r\n", CauseBadHTTP},
		{"a status code that is not a number", "HTTP/1.1 abc OK\r\n\r\n", CauseBadHTTP},
		{"a header line without a colon", "HTTP/1.1 200 OK\r\nno colon\r\n\r\n", CauseBadHTTP},
		{"a Content-Length that is not a number", "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: abc\r\n\r\n", CauseBadHTTP},
		{"two Content-Lengths that differ", "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n", CauseBadHTTP},
		{"a Transfer-Encoding net/http does not know", "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: bogus\r\n\r\n", CauseBadHTTP},
		{"no answer at all", "", CauseDropped},
	} {
		s := NewSession(Config{URL: mcptest.RawAnswer(t, tc.answer) + "/mcp", Transport: TransportStreamable})
		err := s.Connect(testCtx(t))
		if got := CauseOf(err); got != tc.want {
			t.Errorf("%s: Connect = %v, cause %q; want %q", tc.what, err, got, tc.want)
		}
		s.Close()
	}
}

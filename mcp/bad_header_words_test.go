package mcp

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A header line net/http refuses (escape bytes in Mcp-Session-Id or
// WWW-Authenticate) is said as the server sending a header that is not
// valid HTTP, its first 80 bytes quoted harmlessly, and as the server's
// bug whatever the transport: net/http's "malformed MIME header line"
// quoted the whole line, hundreds of bytes of it.
func TestAHeaderThatIsNotHTTPIsSaidPlainly(t *testing.T) {
	long := strings.Repeat("x", 300)
	for _, tc := range []struct{ what, answer, want string }{
		{"Mcp-Session-Id", "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nMcp-Session-Id: \x1b]0;pwn\x07" + long + "\r\nContent-Length: 2\r\n\r\n{}",
			`the server sent a header that is not valid HTTP ("Mcp-Session-Id: \x1b]0;pwn\a` + strings.Repeat("x", 51) + `… (`},
		{"WWW-Authenticate", "HTTP/1.1 401 Unauthorized\r\nWWW-Authenticate: Bearer realm=\"\x1b[2J\"" + long + "\r\nContent-Length: 0\r\n\r\n",
			`the server sent a header that is not valid HTTP ("Www-Authenticate: Bearer realm=\"\x1b[2J\"` + strings.Repeat("x", 37) + `… (`},
	} {
		s := NewSession(Config{URL: mcptest.RawAnswer(t, tc.answer) + "/mcp", Transport: TransportStreamable})
		err := s.Connect(testCtx(t))
		s.Close()
		if err == nil {
			t.Fatalf("%s: Connect succeeded", tc.what)
		}
		msg := err.Error()
		const server = "): a bug in the server or a proxy in front of it, which no --transport avoids"
		if CauseOf(err) != CauseBadHTTP || !strings.Contains(msg, tc.want) || !strings.Contains(msg, server) ||
			strings.Contains(msg, "malformed MIME") || strings.Contains(msg, "\x1b") || strings.Contains(msg, long) {
			t.Errorf("%s: Connect = %q (cause %q), want bad-http saying\n%s…%s", tc.what, msg, CauseOf(err), tc.want, server)
		}
	}
}

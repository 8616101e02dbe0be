package mcp

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server that sends more header bytes than net/http reads before the
// real status (endless 103 Early Hints, or one header without end) is a
// broken server, not one that stopped running: the error says what it
// sent, and the cause is bad-http, not "is the server still running?".
func TestAnAnswerWhoseHeadersNeverEnd(t *testing.T) {
	for _, tc := range []struct{ what, answer string }{
		{"endless 103 Early Hints", strings.Repeat("HTTP/1.1 103 Early Hints\r\nLink: </style.css>; rel=preload\r\n\r\n", (11<<20)/60)},
		{"one header of 11 MB", "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nX-Big: " + strings.Repeat("a", 11<<20) + "\r\n\r\n{}"},
	} {
		// Reading 11 MB of headers under -race on a busy 2-core machine
		// took past the default 10s opening wait, which then answered
		// first: the wait is not what this test is about.
		s := NewSession(Config{URL: mcptest.RawAnswer(t, tc.answer) + "/mcp", Transport: TransportStreamable, EndpointTimeout: 2 * time.Minute})
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
		err := s.Connect(ctx)
		cancel()
		if got := CauseOf(err); got != CauseBadHTTP {
			t.Errorf("%s: Connect = %v, cause %q; want %q", tc.what, err, got, CauseBadHTTP)
		}
		if err == nil || !strings.Contains(err.Error(), "more than 10485760 bytes of headers") {
			t.Errorf("%s: Connect = %v, want it to say the headers went past 10485760 bytes", tc.what, err)
		}
		s.Close()
	}
}

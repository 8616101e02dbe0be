package mcp

import (
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A status line net/http refuses is quoted whole in its error ("malformed
// HTTP status code" and the line): a server sending one of 2 MB made every
// failed request's words, the proxy's 502 to its client and each record 2
// MB long. The words quote a few hundred bytes of it.
func TestALongMalformedStatusLineIsQuotedCut(t *testing.T) {
	line := "HTTP/1.1 2\u202e" + strings.Repeat("B", 2<<20) + " OK\r\nContent-Length: 0\r\n\r\n"
	for _, transport := range []string{TransportStreamable, TransportSSE, TransportStateless} {
		t.Run(transport, func(t *testing.T) {
			url := mcptest.RawAnswer(t, line)
			s := NewSession(Config{URL: url + "/mcp", Transport: transport, RequestTimeout: 10 * time.Second, EndpointTimeout: 10 * time.Second})
			rec := collect(s)
			err := s.Connect(testCtx(t))
			if err == nil || !strings.Contains(err.Error(), "malformed HTTP status code") {
				t.Fatalf("Connect = %.300v, want it to say the status code is malformed", err)
			}
			if n := len(err.Error()); n > 2000 {
				t.Errorf("the words for a malformed status line of 2 MiB are %d bytes long, want a few hundred: %.300s…", n, err.Error())
			}
			if !strings.Contains(err.Error(), "…") || !strings.HasSuffix(err.Error(), `BB"`) {
				t.Errorf("Connect = %.1000v, want the line's start and end, its middle cut", err)
			}
			s.Close()
			rec.waitEnd(t)
		})
	}
}

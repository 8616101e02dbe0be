package mcp

import (
	"net"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A failure read back from its record (net/http's text, which the
// Negotiation pane and a POST's detail show) is said in the words exec
// and the status line said when it happened: a server that refused the
// connection read "dial tcp 127.0.0.1:PORT: connect: connection refused"
// there, where exec said "connection refused".
func TestRecordedFailureIsSaidAsWhenItHappened(t *testing.T) {
	client := &http.Client{Transport: &http.Transport{MaxResponseHeaderBytes: 512}}
	for _, tc := range []struct{ what, url string }{
		{"closed without answering", mcptest.RawAnswer(t, "")},
		{"closed in the headers", mcptest.RawAnswer(t, "HTTP/1.1 200 OK\r\n")},
		{"a header not HTTP", mcptest.RawAnswer(t, "HTTP/1.1 200 OK\r\nX-A: \x1b[2J\r\nContent-Length: 0\r\n\r\n")},
		{"headers past the limit", mcptest.RawAnswer(t, "HTTP/1.1 200 OK\r\nX-A: "+strings.Repeat("a", 1024)+"\r\n\r\n")},
		{"connection refused", "http://" + mcptest.ClosedAddr(t)},
	} {
		resp, err := client.Post(tc.url+"/mcp", "application/json", strings.NewReader("{}"))
		if err == nil {
			resp.Body.Close()
			t.Fatalf("%s: the POST got %s, want a failure", tc.what, resp.Status)
		}
		if got, want := RecordedFailureWords(err.Error()), FailureWords(err); got != want {
			t.Errorf("%s: recorded %q is said %q, want %q as when it happened", tc.what, err.Error(), got, want)
		}
	}
	// A name DNS does not know, as net/http words it (no resolver here
	// to ask).
	dns := &url.Error{Op: "Post", URL: "http://nohost.invalid/mcp", Err: &net.OpError{Op: "dial", Net: "tcp",
		Err: &net.DNSError{Err: "no such host", Name: "nohost.invalid", Server: "10.0.0.53:53", IsNotFound: true}}}
	if got, want := RecordedFailureWords(dns.Error()), FailureWords(dns); got != want {
		t.Errorf("recorded %q is said %q, want %q as when it happened", dns.Error(), got, want)
	}
}

package main

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
)

// A -H header or a --bearer token that net/http cannot send is a usage
// error that says what is wrong with it, before any request: sent, every request failed with an
// error that read like a server that does not answer ("is the server
// started?").
func TestExecRefusesAHeaderHTTPCannotSend(t *testing.T) {
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { hits.Add(1) }))
	defer srv.Close()
	for _, tt := range []struct{ header, want string }{
		{"X(a: b", `the name "X(a" is not a header name`},
		{"X-A: b\x01c", "the value holds the control character 0x01"},
		{"X-A: \x7f", "the value holds the control character 0x7f"},
	} {
		_, errOut, code := run(t, "exec", "--no-record", "-H", tt.header, srv.URL, "tools/list")
		if code != exitUsage || !strings.Contains(errOut, tt.want) || strings.Contains(errOut, "server started") {
			t.Errorf("-H %q: exit %d (want %d), stderr lacks %q:\n%s", tt.header, code, exitUsage, tt.want, errOut)
		}
	}
	_, errOut, code := run(t, "exec", "--no-record", "--bearer", "abc\x01def", srv.URL, "tools/list")
	if want := "--bearer holds the control character 0x01"; code != exitUsage || !strings.Contains(errOut, want) {
		t.Errorf("--bearer with a control byte: exit %d (want %d), stderr lacks %q:\n%s", code, exitUsage, want, errOut)
	}
	if n := hits.Load(); n != 0 {
		t.Errorf("the server got %d requests; a bad -H should stop mcpscope before any", n)
	}
}

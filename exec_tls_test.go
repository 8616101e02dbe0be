package main

import (
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// A server whose TLS certificate is not trusted, and one that answers an
// https URL in plain HTTP, answered: the hint says what is wrong with TLS
// and what to do, not "nothing answered at ADDR: is the server started?".
// An http URL of a TLS port, answered 400 by every probe of detection, is
// said to want https, not "check the URL: legacy gateways serve /sse".
func TestExecSaysWhatIsWrongWithTLS(t *testing.T) {
	ok := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusNotFound) })
	selfSigned := httptest.NewUnstartedServer(ok)
	// Its log of the handshake mcpscope refused is not the test's output.
	selfSigned.Config.ErrorLog = log.New(io.Discard, "", 0)
	selfSigned.StartTLS()
	t.Cleanup(selfSigned.Close)
	plain := httptest.NewServer(ok)
	t.Cleanup(plain.Close)
	for _, c := range []struct {
		url, want string
	}{
		{selfSigned.URL + "/mcp", "trust its CA with SSL_CERT_FILE"},
		{strings.Replace(plain.URL, "http://", "https://", 1) + "/mcp", "use an http:// URL"},
		{strings.Replace(selfSigned.URL, "https://", "http://", 1) + "/mcp", "use an https:// URL"},
		{strings.Replace(selfSigned.URL, "https://", "http://", 1) + "/sse", "use an https:// URL"},
	} {
		out, errOut, code := run(t, "exec", "--no-record", c.url, "tools/list")
		if code != exitConnect || !strings.Contains(errOut, c.want) || strings.Contains(errOut, "nothing answered") {
			t.Errorf("%s: exit %d, want %d and a hint saying %q\n%s\n%s", c.url, code, exitConnect, c.want, out, errOut)
		}
	}
	// The failure itself is said in words too: it read net/http's own
	// "http: server gave HTTP response to HTTPS client".
	_, errOut, _ := run(t, "exec", "--no-record", strings.Replace(plain.URL, "http://", "https://", 1)+"/mcp", "ping")
	if !strings.Contains(errOut, "failed: it answered in plain HTTP, not TLS") || strings.Contains(errOut, "HTTPS client") {
		t.Errorf("an https URL answered in plain HTTP: %q, want it said in words", errOut)
	}
}

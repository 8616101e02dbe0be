package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// An SSL_CERT_FILE that names no file is said before an https server is
// tried: Go skips it without a word, and the server's certificate then
// read as untrusted, whose advice is to set SSL_CERT_FILE. An http server
// needs no certificate, so it is not refused for one.
func TestMissingSSLCertFileIsSaid(t *testing.T) {
	stateDir(t)
	missing := filepath.Join(t.TempDir(), "ca.pem")
	t.Setenv("SSL_CERT_FILE", missing)
	_, errOut, code := run(t, "exec", "--no-record", "https://127.0.0.1:1/mcp", "tools/list")
	if code != exitUsage || !strings.Contains(errOut, "SSL_CERT_FILE="+missing+": there is no such file") {
		t.Errorf("https: exit %d %q, want a usage error naming SSL_CERT_FILE", code, errOut)
	}
	_, errOut, code = run(t, "exec", "--no-record", "--endpoint-timeout", "2s", "http://127.0.0.1:1/mcp", "tools/list")
	if code != exitConnect || strings.Contains(errOut, "SSL_CERT_FILE") {
		t.Errorf("http: exit %d %q, want the connection failure and no word of SSL_CERT_FILE", code, errOut)
	}
}

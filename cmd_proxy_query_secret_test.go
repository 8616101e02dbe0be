package main

import (
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// An upstream URL with a key in its query: the proxy's line naming the
// upstream and its recording show "?token=[redacted]", and the key still
// goes upstream when the client sends it itself, as before the proxy added
// it (TestProxyAddsTheUpstreamQueryTheClientLacks).
func TestProxyMasksUpstreamQueryCredential(t *testing.T) {
	const token = "TOKEN-q-77889900"
	upstream, gotQuery := initUpstream(t, func(r *http.Request) string { return r.URL.RawQuery })
	h := initializeThroughProxy(t, upstream+"/mcp?token="+token, "/mcp?token="+token)

	named := 0
	for _, line := range strings.Split(h.errw.String(), "\n") {
		if !strings.HasPrefix(line, "mcpscope proxy to ") {
			continue
		}
		named++
		if strings.Contains(line, token) || !strings.Contains(line, "/mcp?token=[redacted]") {
			t.Errorf("the line naming the upstream shows its token, or not where it was: %s", line)
		}
	}
	if named == 0 {
		t.Errorf("no line names the upstream:\n%s", h.errw.String())
	}
	files, _ := filepath.Glob(filepath.Join(h.dir, "*.jsonl"))
	if len(files) != 1 {
		t.Fatalf("recordings %v, want one", files)
	}
	raw, _ := os.ReadFile(files[0])
	if strings.Contains(string(raw), token) || !strings.Contains(string(raw), "token=[redacted]") {
		t.Errorf("the recording holds the token, or not its name:\n%.1500s", raw)
	}
	if got := gotQuery(); len(got) == 0 || got[0] != "token="+token {
		t.Errorf("upstream got queries %q, want token=%s", got, token)
	}
}

// The key in the upstream URL's query is the proxy's to add: the URL it
// tells the client to use has none, so stderr (a CI log) never shows it,
// and a client using that URL reaches the upstream with the key all the
// same. A client sending its own value of the parameter keeps its own.
func TestProxyAddsTheUpstreamQueryTheClientLacks(t *testing.T) {
	const token = "TOKEN-q-11223344"
	upstream, gotQuery := initUpstream(t, func(r *http.Request) string { return r.Method + " " + r.URL.RawQuery })
	h := startHeadless(t, upstream+"/mcp?token="+token+"&tenant=a", proxyFlags{})
	postInitialize(t, h, "/mcp")
	postInitialize(t, h, "/mcp?token=theirs&x=1")
	h.stop()
	if said := h.errw.String(); strings.Contains(said, token) || !strings.Contains(said, h.run.base+"/mcp\n") && !strings.Contains(said, h.run.base+"/mcp ") {
		t.Errorf("stderr shows the token, or no URL for the client without a query:\n%s", said)
	}
	files, _ := filepath.Glob(filepath.Join(h.dir, "*.jsonl"))
	for _, f := range files {
		if raw, _ := os.ReadFile(f); strings.Contains(string(raw), token) {
			t.Errorf("the recording %s holds the token the proxy added", f)
		}
	}
	if len(files) != 2 {
		t.Errorf("recordings %v, want two", files)
	}
	// Its probes at start (a GET of /mcp, of /sse) carry the query too.
	got := slices.DeleteFunc(gotQuery(), func(q string) bool { return !strings.HasPrefix(q, "POST ") })
	want := []string{"POST token=" + token + "&tenant=a", "POST token=theirs&x=1&tenant=a"}
	if len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("upstream got queries %q, want %q", got, want)
	}
}

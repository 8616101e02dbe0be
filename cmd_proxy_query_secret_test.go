package main

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// An upstream URL with a key in its query: the proxy's line naming the
// upstream and its recording show "?token=[redacted]", and the key still
// goes upstream, in the query the client sends (the proxy relays the
// client's query, so the URL it tells the client to use keeps the key).
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

package main

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// replay --against reads each recorded answer from the file when its turn
// comes, so a file cut short under it ends the re-run with an error. With
// --json the report written so far is still ended: a script reading it
// gets the results judged before, "same": false and why among the
// warnings, not JSON cut off after its last result.
func TestRerunJSONOfAFileChangedUnderItStillParses(t *testing.T) {
	up := demotest.Start(t, demo.Options{}).URL + demo.StreamablePath
	file := filepath.Join(t.TempDir(), "s.jsonl")
	if _, errOut, code := run(t, "exec", "--record", file, up, "tools/call greet name=Ann", "tools/call greet name=Bob"); code != exitOK {
		t.Fatalf("exec exit %d\n%s", code, errOut)
	}
	header, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	header = header[:bytes.IndexByte(header, '\n')+1]

	target, _ := url.Parse(up)
	target.Path = "" // the relay keeps the path asked
	relay := httputil.NewSingleHostReverseProxy(target)
	var cut sync.Once
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		r.Body = io.NopCloser(bytes.NewReader(body))
		if strings.Contains(string(body), `"tools/call"`) {
			// The first greet is sent: its recorded answer, read
			// next, is no longer in the file.
			cut.Do(func() {
				if err := os.WriteFile(file, header, 0o600); err != nil {
					t.Error(err)
				}
			})
		}
		relay.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)

	out, errOut, code := run(t, "replay", file, "--json", "--against", srv.URL+demo.StreamablePath)
	if code != exitFailed || !strings.Contains(errOut, "got shorter while it was replayed") {
		t.Fatalf("re-run: exit %d, want %d and the change said\n%s", code, exitFailed, errOut)
	}
	var report struct {
		Results []struct {
			Method string
		}
		Same     *bool
		Warnings []string
	}
	if err := json.Unmarshal([]byte(out), &report); err != nil {
		t.Fatalf("the --json report does not parse: %v\n%s", err, out)
	}
	var methods []string
	for _, r := range report.Results {
		methods = append(methods, r.Method)
	}
	if strings.Join(methods, " ") != "initialize tools/list" || report.Same == nil || *report.Same {
		t.Errorf("report: results %v, same %v; want initialize and tools/list judged, and same false\n%s", methods, report.Same, out)
	}
	if len(report.Warnings) != 1 || !strings.Contains(report.Warnings[0], "got shorter while it was replayed") {
		t.Errorf("report's warnings %q, want the file's change\n%s", report.Warnings, out)
	}
}

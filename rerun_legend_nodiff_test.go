package main

import (
	"bytes"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// The legend ("- recorded in … / + answered now by …") says which side of
// a diff is which: above a request that failed now, with no diff under
// it, it explained - and + lines the report did not hold. It goes above
// the first diff only, and a re-run with none prints none.
func TestRerunLegendOnlyAboveADiff(t *testing.T) {
	dir := stateDir(t)
	gw := demotest.Start(t, demo.Options{}).URL + "/mcp"
	if _, errOut, code := run(t, "exec", "--no-get-stream", gw, "tools/call greet name=Ann"); code != exitOK {
		t.Fatalf("exec: exit %d: %s", code, errOut)
	}
	file := onlyRecording(t, dir)
	// The same gateway, its tools/call refused: everything else the same.
	refuses := demotest.Behind(t, demo.Options{}, func(w http.ResponseWriter, r *http.Request, gateway http.Handler) {
		body, _ := io.ReadAll(r.Body)
		if bytes.Contains(body, []byte(`"method":"tools/call"`)) {
			http.Error(w, "down for maintenance", http.StatusInternalServerError)
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		gateway.ServeHTTP(w, r)
	}).URL + "/mcp"
	out, errOut, code := run(t, "replay", file, "--against", refuses)
	if code != exitFailed || !strings.Contains(out, "failed      tools/call greet") {
		t.Fatalf("re-run against a gateway refusing the call: exit %d, want %d\n%s\n%s", code, exitFailed, out, errOut)
	}
	if strings.Contains(out, "answered now by") {
		t.Errorf("a re-run with no diff prints the legend of one:\n%s", out)
	}
}

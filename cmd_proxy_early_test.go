package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// GETs before any initialize whose clients never initialize (a client
// retrying its refused GET stream, or many clients) leave one recording
// for the run, holding every one of them, not a file per GET; a client
// that GETs and then initializes still has its session, its GET in it,
// recorded on its own. The report says where the folded ones are.
func TestEarlyGetsThatGoNowhereShareOneRecording(t *testing.T) {
	up := mcptest.NewStreamable(t, mcptest.StreamableOptions{GET: mcptest.GETNone, RejectModern: true})
	h := startHeadless(t, up.Endpoint(), proxyFlags{})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	get := func(ua string) {
		t.Helper()
		if code := earlyGet(t, h.run.base, ua); code != http.StatusMethodNotAllowed {
			t.Fatalf("GET as %s answered %d %s, want upstream's 405", ua, code, http.StatusText(code))
		}
	}
	const flood = 40
	for i := range flood {
		get(fmt.Sprintf("flood-%d", i))
	}
	get("real-client")
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, h.run.base+"/mcp", strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"real","version":"1"}}}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("User-Agent", "real-client")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	// Read to the end, as earlyGet does: the stop then comes after the
	// proxy logged the initialize's answer.
	_, err = io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		t.Fatalf("reading the initialize's answer: %v", err)
	}
	h.stop()

	files, _ := filepath.Glob(filepath.Join(h.dir, "*"))
	if len(files) != 2 {
		t.Fatalf("%d GETs that went nowhere and one client's session left %d recordings, want 2: %v", flood, len(files), files)
	}
	var folded, real string
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(b), `"initialize"`) {
			real = string(b)
		} else {
			folded = string(b)
			for i := range flood {
				if !strings.Contains(folded, fmt.Sprintf("flood-%d", i)) {
					t.Errorf("the shared recording %s has nothing of the GET of flood-%d", f, i)
				}
			}
			if !strings.Contains(h.errw.String(), f) {
				t.Errorf("the report does not name the shared recording %s:\n%s", f, h.errw.String())
			}
		}
	}
	if !strings.Contains(real, "real-client") || !strings.Contains(real, "405") {
		t.Errorf("the client's own recording lacks its GET before initialize:\n%s", real)
	}
	if strings.Contains(folded, "real-client") {
		t.Errorf("the shared recording holds the GET of the client that initialized")
	}
}

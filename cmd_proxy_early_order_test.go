package main

import (
	"context"
	"fmt"
	"net/http"
	"path/filepath"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// The run's one recording of GETs before initialize holds session after
// session, each numbered from 1: it reads without a warning that its
// records are out of order.
func TestEarlyGetsRecordingReadsInOrder(t *testing.T) {
	up := mcptest.NewStreamable(t, mcptest.StreamableOptions{GET: mcptest.GETNone, RejectModern: true})
	h := startHeadless(t, up.Endpoint(), proxyFlags{})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for i := range 3 {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, h.run.base+"/mcp", nil)
		req.Header.Set("Accept", "text/event-stream")
		req.Header.Set("User-Agent", fmt.Sprintf("early-%d", i))
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
	}
	h.stop()
	files, _ := filepath.Glob(filepath.Join(h.dir, "*"))
	if len(files) != 1 {
		t.Fatalf("recordings %v, want the one of the GETs before initialize", files)
	}
	if _, errOut, code := run(t, "export", files[0]); code != exitOK || errOut != "" {
		t.Errorf("export: exit %d, stderr %q; want no warning", code, errOut)
	}
}

package main

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// The run's one recording of GETs before initialize holds session after
// session, each numbered from 1: it reads without a warning that its
// records are out of order.
func TestEarlyGetsRecordingReadsInOrder(t *testing.T) {
	up := mcptest.NewStreamable(t, mcptest.StreamableOptions{GET: mcptest.GETNone, RejectModern: true})
	h := startHeadless(t, up.Endpoint(), proxyFlags{})
	for i := range 3 {
		earlyGet(t, h.run.base, fmt.Sprintf("early-%d", i))
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

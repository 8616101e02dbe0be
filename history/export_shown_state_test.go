package history

import (
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// A 2026 call that asked for input and went again reads, on its first
// row, as the call came out once its rounds are over, in the transcript as
// in the TUI's Pairs: "input" stayed there beside the last round's "ok".
func TestExportFirstRoundReadsAsTheCallCameOut(t *testing.T) {
	recs := tripRecords(t)
	p := loaded(t, record(t, recs, RecordOptions{}))
	l := p.NewLog()
	t.Cleanup(func() { l.Close() })
	playAll(t, p, l)
	md := closedExport(t, Header{URL: "http://127.0.0.1/mcp"}, l)
	var heads []string
	for line := range strings.Lines(md) {
		if strings.HasPrefix(line, "### ") && strings.Contains(line, "`tools/call trip`") {
			heads = append(heads, strings.TrimSpace(line))
		}
	}
	if len(heads) != 3 {
		t.Fatalf("%d trip rows in the transcript, want 3 rounds:\n%s", len(heads), md)
	}
	third := heads[2][len("### "):strings.Index(heads[2], ".")]
	if want := ": input required, then ok in " + third + "."; !strings.HasSuffix(heads[0], want) {
		t.Errorf("the first round reads %q, want it to end %q: the call's outcome and the row it came out in", heads[0], want)
	}
	if !strings.HasSuffix(heads[1], ": input") || !strings.HasSuffix(heads[2], ": ok") {
		t.Errorf("the later rounds read %q and %q, want input, then ok", heads[1], heads[2])
	}
}

// A listen stream closed with x reads closed in the transcript, as its row
// does in Pairs: "cancelled" read as a request given up on.
func TestExportClosedListenReadsClosed(t *testing.T) {
	at := time.Date(2026, 7, 28, 12, 0, 0, 0, time.UTC)
	l := NewLog()
	l.Append(
		listenSent(at),
		mcp.Record{Seq: 2, Time: at, Kind: mcp.KindHTTP, HTTP: &mcp.HTTPExchange{Purpose: mcp.PurposePost, Method: "POST", Status: 200, Opened: "sse", ReqSeq: 1}},
		mcp.Record{Seq: 3, Time: at, Kind: mcp.KindError, Error: &mcp.ErrorInfo{Op: mcp.OpCancelled, Message: "closed", ReqSeq: 1}},
	)
	md := closedExport(t, Header{URL: "http://127.0.0.1/mcp"}, l)
	if !strings.Contains(md, "`subscriptions/listen`: closed\n") {
		t.Errorf("the closed listen stream's heading does not read closed:\n%s", md)
	}
}

package history

import (
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// One outage is one error on the bar: a legacy server that went away was
// reconnected to on its own five times, each attempt's failure and the
// giving up counted, and the bar read "7 err" after one outage with no
// request failed. The outage counts once, on the bar and in the listing of
// recordings; the Negotiation pane keeps each attempt's story.
func TestAnOutageReconnectedToOnItsOwnCountsOnce(t *testing.T) {
	srv := mcptest.New(t, mcptest.Options{})
	recs := recordedUntil(t, srv.SSEURL(), srv.Close, func(r mcp.Record) bool {
		return r.Kind == mcp.KindError && r.Error.Cause == mcp.CauseReconnectGaveUp
	})
	errs := 0
	for _, r := range recs {
		if r.Kind == mcp.KindError && r.Error.ReqSeq == 0 {
			errs++
		}
	}
	if errs < 3 {
		t.Fatalf("only %d errors were recorded: the outage did not fail attempt after attempt", errs)
	}
	l := NewLog()
	l.Append(recs...)
	if got := l.Stats().Errors; got != 1 {
		t.Errorf("errors counted after one outage of %d error records = %d, want 1", errs, got)
	}
	// mcpscope sessions lists it with the count the bar gives.
	if got := describe(record(t, recs, RecordOptions{})).Errors; got != 1 {
		t.Errorf("sessions lists one outage of %d error records with %d errors, want 1 as on the bar", errs, got)
	}
}

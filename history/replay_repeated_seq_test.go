package history

import (
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// A recording edited so that its records share one seq, where a line
// between them reads back as no record (a message whose event is gone), is
// replayed with each entry the record that was shown: reading entries back
// by seq alone took the line after the one skipped for every later entry,
// so an events row read back a state record and the replay's screen
// panicked drawing it.
func TestReplayOfRepeatedSeqsReadsBackEachRecord(t *testing.T) {
	path := writeLines(t,
		`{"seq":3,"time":"2026-11-20T21:57:41.1Z","kind":"state","state":{"state":"connecting","conn":1}}`,
		`{"seq":3,"time":"2026-11-20T21:57:41.2Z","kind":"received","rpc":{"dir":"in","class":"notification","method":"x","conn":1,"raw_of":{"seq":99,"from":0,"to":2}}}`,
		`{"seq":3,"time":"2026-11-20T21:57:41.3Z","kind":"event","event":{"conn":1,"stream":"sse","name":"message","raw":"event: message\ndata: {}\n\n","data_at":[21,23]}}`,
		`{"seq":3,"time":"2026-11-20T21:57:41.4Z","kind":"state","state":{"state":"open","conn":1}}`,
		`{"seq":3,"time":"2026-11-20T21:57:41.5Z","kind":"event","event":{"conn":1,"stream":"sse","name":"message","raw":"event: message\ndata: {}\n\n","data_at":[21,23]}}`,
		`{"seq":3,"time":"2026-11-20T21:57:41.6Z","kind":"state","state":{"state":"closed","detail":"closed by mcpscope"}}`,
	)
	p := loaded(t, path)
	l := p.NewLog()
	playAll(t, p, l)
	want := []mcp.Kind{mcp.KindState, mcp.KindEvent, mcp.KindState, mcp.KindEvent, mcp.KindState}
	if l.Len() != len(want) {
		t.Fatalf("the replay holds %d entries, want %d", l.Len(), len(want))
	}
	times := []string{"41.1", "41.3", "41.4", "41.5", "41.6"}
	for i, k := range want {
		if r := l.At(i); r.Kind != k || r.Time.Format("05.0") != times[i] {
			t.Errorf("entry %d reads back a %s record of %s, want the %s of %s shown", i, r.Kind, r.Time.Format("05.0"), k, times[i])
		}
	}
	for i := 0; i < l.EventCount(); i++ {
		if r, _ := l.EventAndRun(i); r.Event == nil {
			t.Errorf("events row %d reads back a %s record", i, r.Kind)
		}
	}
}

// With the time repeated too, nothing tells the lines apart before they
// are read back: an entry that reads back a record of another kind than
// the one shown stands in as unreadable, shaped as the one shown, where
// the events pane panicked on a state record.
func TestReplayOfRepeatedSeqAndTimeReadsNoOtherKind(t *testing.T) {
	path := writeLines(t,
		`{"seq":3,"time":"2026-11-20T21:57:41.1Z","kind":"state","state":{"state":"connecting","conn":1}}`,
		`{"seq":3,"time":"2026-11-20T21:57:41.1Z","kind":"received","rpc":{"dir":"in","class":"notification","method":"x","conn":1,"raw_of":{"seq":99,"from":0,"to":2}}}`,
		`{"seq":3,"time":"2026-11-20T21:57:41.1Z","kind":"event","event":{"conn":1,"stream":"sse","name":"message","raw":"event: message\ndata: {}\n\n","data_at":[21,23]}}`,
		`{"seq":3,"time":"2026-11-20T21:57:41.1Z","kind":"state","state":{"state":"open","conn":1}}`,
		`{"seq":3,"time":"2026-11-20T21:57:41.1Z","kind":"event","event":{"conn":1,"stream":"sse","name":"message","raw":"event: message\ndata: {}\n\n","data_at":[21,23]}}`,
	)
	p := loaded(t, path)
	l := p.NewLog()
	playAll(t, p, l)
	if l.EventCount() != 2 {
		t.Fatalf("the replay has %d event rows, want 2", l.EventCount())
	}
	for i := 0; i < l.EventCount(); i++ {
		if r, _ := l.EventAndRun(i); r.Event == nil {
			t.Errorf("events row %d reads back a %s record", i, r.Kind)
		}
	}
	for i := 0; i < l.Len(); i++ {
		r := l.At(i)
		if (r.Kind == mcp.KindState) != (r.State != nil) || (r.Kind == mcp.KindEvent) != (r.Event != nil) {
			t.Errorf("entry %d is a %s record without its member", i, r.Kind)
		}
	}
}

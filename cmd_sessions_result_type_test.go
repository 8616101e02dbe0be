package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A 2026 answer whose resultType is none the revision knows fails its row,
// with no error record beside it: the bar and the export said the row
// failed, and mcpscope sessions listed the recording with 0 errors. It
// counts the row as they do, from the same reading, whether the answer
// came as JSON or on an event stream (its bytes then in the event's), and
// on a line longer than the listing's read buffer, which it read no answer
// of (it held no line whole: such a line is read again from the file).
func TestSessionsCountAnUnknownResultTypeAsTheBarDoes(t *testing.T) {
	for _, sse := range []bool{false, true} {
		for _, long := range []bool{false, true} {
			name := map[bool]string{false: "json", true: "sse"}[sse] + map[bool]string{false: "", true: ",long"}[long]
			t.Run(name, func(t *testing.T) { unknownResultTypeCounted(t, sse, long) })
		}
	}
}

func unknownResultTypeCounted(t *testing.T, sse, long bool) {
	pad := ""
	if long {
		// Past the reader's 1 MiB buffer, before the resultType.
		pad = `"pad":"` + strings.Repeat(`\u0001x\"`, 1<<18) + `",`
	}
	stateDir(t)
	srv := mcptest.StatelessOnMethod(t, "tools/list", func(x *mcptest.Exchange) {
		if sse {
			x.SSE()
		}
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{` + pad + `"resultType":"kompleet","tools":[]}}`)
	})
	dir := t.TempDir()
	rec := filepath.Join(dir, "s.jsonl")
	run(t, "exec", "--no-listen", "--record", rec, srv.Endpoint(), "tools/list")
	infos, err := history.List(dir)
	if err != nil || len(infos) != 1 {
		t.Fatalf("List = %d recordings, %v; want 1", len(infos), err)
	}
	log, _, _, err := history.LoadLog(rec)
	if err != nil {
		t.Fatal(err)
	}
	failed := 0
	for i := range log.PairCount() {
		if p := log.Pair(i); p.Method == "tools/list" && p.ResultTypeFailure() != "" {
			failed++
		}
	}
	if failed != 1 {
		t.Fatalf("the export says %d tools/list rows failed on their resultType, want 1", failed)
	}
	if st := log.Stats(); infos[0].Errors != st.Errors || st.Errors != 1 {
		t.Errorf("sessions counts %d errors, the bar %d; want the 1 row that failed", infos[0].Errors, st.Errors)
	}
}

package history

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// A recording whose header says it began in 9999 (edited by hand, forged,
// or made on a machine whose clock ran far ahead) was listed first for
// good, so `last` named it rather than the session just recorded. Begun
// after its file was last written, it is listed by the file's time, and
// its note says why.
func TestSessionsListAStartAfterTheFileByTheFilesTime(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, started time.Time) {
		h := testHeader()
		h.Started = started
		rec, err := Create(filepath.Join(dir, name), h, RecordOptions{})
		if err != nil {
			t.Fatal(err)
		}
		recs := fullSession()
		last := recs[len(recs)-1]
		// Closed, so that no note of its end stands in for the one wanted.
		recs = append(recs, mcp.Record{Seq: last.Seq + 1, Time: last.Time, Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateClosed}})
		for _, r := range recs {
			if err := rec.Write(r); err != nil {
				t.Fatal(err)
			}
		}
		if err := rec.Close(); err != nil {
			t.Fatal(err)
		}
	}
	write("future.jsonl", time.Date(9999, 12, 31, 23, 59, 59, 0, time.UTC))
	write("now.jsonl", time.Now())
	infos, err := List(dir)
	if err != nil || len(infos) != 2 {
		t.Fatalf("List() = %+v, %v; want the two recordings", infos, err)
	}
	if got := filepath.Base(infos[0].Path); got != "now.jsonl" {
		t.Errorf("the newest recording is %s, want now.jsonl: one begun in 9999 is not newer than the session just recorded", got)
	}
	future := infos[1]
	if future.Started.Year() == 9999 {
		t.Errorf("future.jsonl is listed as begun %v, after its file was written", future.Started)
	}
	if !strings.Contains(future.Note, "header says 9999-12-31, after the file's last write: listed by file time") {
		t.Errorf("future.jsonl's note %q does not say why its time is the file's", future.Note)
	}
	// At 80 columns the note was cut after the URL, "(its header says it
	// be…", and the STARTED column showed the file's time for no reason
	// seen: it is read whole, on a line of its own when the row has no
	// room for it.
	table := RenderSessions(infos, 80)
	if !strings.Contains(table, "("+future.Note+")") || strings.Contains(table, "…") {
		t.Errorf("at 80 columns the note is not read whole:\n%s", table)
	}
	for _, l := range strings.Split(table, "\n") {
		if !strings.Contains(l, string(filepath.Separator)) && len(l) > 80 {
			t.Errorf("at 80 columns a line is %d wide:\n%s", len(l), table)
		}
	}
}

package history

import (
	"path/filepath"
	"strings"
	"testing"
)

// A recording whose last record is stamped 300 years on (a clock that
// jumped, a file edited by hand) is listed with a length of "-", as one
// too short to tell: `mcpscope sessions` listed it as lasting
// "2562047h47m16.854775807s", a column wide enough to push the file names
// off an 80-column terminal.
func TestSessionsDoNotListALengthNoSessionHad(t *testing.T) {
	dir := t.TempDir()
	rec, err := Create(filepath.Join(dir, "jumped.jsonl"), testHeader(), RecordOptions{})
	if err != nil {
		t.Fatal(err)
	}
	recs := fullSession()
	recs[len(recs)-1].Time = recs[len(recs)-1].Time.AddDate(300, 0, 0)
	for _, r := range recs {
		if err := rec.Write(r); err != nil {
			t.Fatal(err)
		}
	}
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	infos, err := List(dir)
	if err != nil || len(infos) != 1 {
		t.Fatalf("List() = %+v, %v; want the one recording", infos, err)
	}
	table := RenderSessions(infos, 0)
	if infos[0].Duration != 0 || strings.Contains(table, "2562047") {
		t.Errorf("a session ending 300 years on is listed as lasting %v:\n%s", infos[0].Duration, table)
	}
	if got := strings.Fields(strings.Split(table, "\n")[1]); len(got) < 3 || got[2] != "-" {
		t.Errorf("its length reads %q, want -:\n%s", got, table)
	}
	if infos[0].Requests == 0 {
		t.Errorf("the rest of the listing is lost: %+v", infos[0])
	}
}

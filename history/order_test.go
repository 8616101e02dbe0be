package history

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// A recording whose lines were reversed or moved by hand replayed and
// exported in the file's order, pairing answers with the wrong requests,
// and said nothing. Every way of reading it now says where the order
// first breaks, and how many more records are out of order.
func TestReadingSaysRecordsAreOutOfOrder(t *testing.T) {
	good, err := os.ReadFile(record(t, fullSession(), RecordOptions{}))
	if err != nil {
		t.Fatal(err)
	}
	lines := bytes.SplitAfter(bytes.TrimSuffix(good, []byte("\n")), []byte("\n"))
	for i := range lines {
		lines[i] = bytes.TrimSuffix(lines[i], []byte("\n"))
	}
	n := len(lines)
	reversed := append([][]byte{lines[0]}, lines[1:]...)
	slices.Reverse(reversed[1:])
	moved := slices.Clone(lines)
	moved[3], moved[4] = moved[4], moved[3] // records 3 and 4 swapped
	for _, tt := range []struct {
		name  string
		lines [][]byte
		want  []string
	}{
		{"reversed", reversed, []string{"line 3 is out of order", "the file was edited or joined", "more records are out of order"}},
		{"two swapped", moved, []string{"line 5 is out of order: record 3 ", "comes after record 4 "}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "s.jsonl")
			if err := os.WriteFile(path, append(bytes.Join(tt.lines, []byte("\n")), '\n'), 0o600); err != nil {
				t.Fatal(err)
			}
			got, r := readAll(t, path)
			if len(got) != n-1 {
				t.Errorf("read %d records, want all %d", len(got), n-1)
			}
			check := func(what, warnings string) {
				t.Helper()
				for _, want := range tt.want {
					if !strings.Contains(warnings, want) {
						t.Errorf("%s: warnings %q lack %q", what, warnings, want)
					}
				}
			}
			check("Reader", strings.Join(r.Warnings(), "\n"))
			log, _, warnings, err := LoadLog(path)
			if err != nil {
				t.Fatal(err)
			}
			log.Close()
			check("LoadLog (export)", strings.Join(warnings, "\n"))
			infos, err := List(dir)
			if err != nil || len(infos) != 1 {
				t.Fatalf("List = %+v, %v", infos, err)
			}
			check("replay", strings.Join(loaded(t, path).Warnings(), "\n"))
			// The listing has room for one note: the first break.
			if !strings.Contains(infos[0].Note, tt.want[0]) {
				t.Errorf("List note %q does not say the records are out of order", infos[0].Note)
			}
		})
	}
	// The recording as written reads with no such warning, and so does
	// one of whole sessions each numbered from 1 (the proxy's recording
	// of the run's GETs before initialize).
	if _, r := readAll(t, record(t, fullSession(), RecordOptions{})); len(damage(r.Warnings())) != 0 {
		t.Errorf("a recording as written: warnings %q", r.Warnings())
	}
	twice := append(fullSession(), fullSession()...)
	if _, r := readAll(t, record(t, twice, RecordOptions{})); len(damage(r.Warnings())) != 0 {
		t.Errorf("two sessions each numbered from 1: warnings %q", r.Warnings())
	}
}

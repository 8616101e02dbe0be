package history

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkListShortRecordings lists a directory of 2,000 short
// recordings, each a copy of one the recorder wrote, as a user's state
// directory fills over months of sessions: the listing opens and skims
// every one.
func BenchmarkListShortRecordings(b *testing.B) {
	dir := b.TempDir()
	first := filepath.Join(dir, "0.jsonl")
	rec, err := Create(first, testHeader(), RecordOptions{})
	if err != nil {
		b.Fatal(err)
	}
	for _, r := range manyRecords(30) {
		if err := rec.Write(r); err != nil {
			b.Fatal(err)
		}
	}
	if err := rec.Close(); err != nil {
		b.Fatal(err)
	}
	data, err := os.ReadFile(first)
	if err != nil {
		b.Fatal(err)
	}
	for i := 1; i < 2000; i++ {
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%d.jsonl", i)), data, 0o600); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		infos, err := List(dir)
		if err != nil || len(infos) != 2000 || infos[0].Records != 30 {
			b.Fatalf("listed %d recordings (first %+v), err %v", len(infos), infos[0], err)
		}
	}
}

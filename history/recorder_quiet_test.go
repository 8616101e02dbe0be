package history

import (
	"errors"
	"path/filepath"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// The disk fills while a record sits in the buffer, and then the session
// goes quiet: the flush 100 ms later fails, and that is reported then. It
// was kept until a next record came (which a quiet session may never
// send), so the TUI's status bar said "● rec" over a file that was already
// incomplete.
func TestTeeReportsAFailedTimedFlushWithoutAnotherRecord(t *testing.T) {
	rec, err := Create(filepath.Join(t.TempDir(), "s.jsonl"), testHeader(), RecordOptions{})
	if err != nil {
		t.Fatal(err)
	}
	rec.w.Reset(&failAfter{n: 0}) // the header is in; nothing more fits
	in := make(chan []mcp.Record)
	errs := make(chan error, 1)
	out := Tee(in, rec, func(err error) { errs <- err })
	in <- fullSession()[:1]
	<-out
	select {
	case err := <-errs:
		if !errors.Is(err, errDiskFull) {
			t.Errorf("reported %v, want the write error", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the failed flush was not reported while the session was quiet")
	}
	close(in)
	for range out {
	}
	select {
	case err := <-errs:
		t.Errorf("reported again at the end: %v", err)
	default:
	}
}

package history

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// heapInUse is the heap's live bytes, after a collection.
func heapInUse() int64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return int64(m.HeapAlloc)
}

// replay --against of a long recording holds neither its records nor its
// results: each request and its answer are read back from the file when
// their turn comes, and each result is handed on as it is judged. Holding
// them, 100,000 requests took 280 MB; here 64 answers of 64 KB (4 MB) must
// not stay in memory, after the plan or by the last result. The heap after
// a collection moves by well under 1 MB either way, so 4 MB held shows; more
// answers would show it no better and cost seconds under -race, where every
// byte of every answer is scanned several times.
func TestRerunOfAFileHoldsNoAnswerNorResult(t *testing.T) {
	const requests, size = 64, 64 << 10
	s := newScript()
	s.negotiate()
	big := `{"text":"` + strings.Repeat("x", size) + `"}`
	for i := range requests {
		id := fmt.Sprint(i + 1)
		s.result(id, s.request(id, "tools/call", `{"name":"echo","arguments":{}}`), big)
	}
	path := record(t, s.recs, RecordOptions{})
	s = nil
	before := heapInUse()
	f, err := OpenRerun(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	const bound = 1 << 20 // a quarter of the answers
	if grew := heapInUse() - before; grew > bound {
		t.Errorf("opening the recording of %d answers of %d bytes held %d bytes", requests, size, grew)
	}
	var n int
	var last int64
	_, err = f.Rerun(context.Background(), &echoSender{}, nil, RecordOptions{}, "", func(r RerunResult) {
		if n++; n == requests {
			last = heapInUse() - before
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if n != requests {
		t.Fatalf("%d results, want %d", n, requests)
	}
	if last > bound {
		t.Errorf("by the last result the re-run held %d bytes: the answers or results of %d requests of %d bytes", last, requests, size)
	}
}

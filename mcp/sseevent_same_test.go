package mcp

import (
	"reflect"
	"testing"
)

// Same compares every field of SSEEvent by name: one added to the struct
// and not to Same would let events that differ in it fold as one.
func TestSameComparesEveryField(t *testing.T) {
	if n := reflect.TypeFor[SSEEvent]().NumField(); n != 13 {
		t.Fatalf("SSEEvent has %d fields, Same compares 13: compare the new one in Same, then change this count", n)
	}
	base := SSEEvent{Conn: 1, Stream: StreamListen, ReqSeq: 3, Comments: []string{"keepalive"}, Raw: ": keepalive\n\n"}
	for name, change := range map[string]func(*SSEEvent){
		"Conn": func(e *SSEEvent) { e.Conn = 2 }, "Stream": func(e *SSEEvent) { e.Stream = StreamGet }, "ReqSeq": func(e *SSEEvent) { e.ReqSeq = 4 },
		"Name": func(e *SSEEvent) { e.Name = "x" }, "ID": func(e *SSEEvent) { e.ID = "1" }, "HasID": func(e *SSEEvent) { e.HasID = true },
		"Retry": func(e *SSEEvent) { e.Retry = "5" }, "Data": func(e *SSEEvent) { e.Data = "d" }, "Comments": func(e *SSEEvent) { e.Comments = []string{"other"} },
		"Raw": func(e *SSEEvent) { e.Raw = ": other\n\n" }, "dataAt": func(e *SSEEvent) { e.dataAt = span{1, 2} }, "hasDataAt": func(e *SSEEvent) { e.hasDataAt = true },
		"Cut": func(e *SSEEvent) { e.Cut = true },
	} {
		other := base
		other.Comments = []string{"keepalive"}
		if !base.Same(&other) {
			t.Fatalf("a copy is not the Same")
		}
		change(&other)
		if base.Same(&other) {
			t.Errorf("events differing in %s are the Same", name)
		}
	}
}

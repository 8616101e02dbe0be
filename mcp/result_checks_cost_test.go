package mcp

import (
	"runtime"
	"strings"
	"testing"
)

// allocated is how many bytes f allocates.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// Every 2026 result is checked for resultType "input_required", so the
// check costs no memory per member: an index of the result's members cost
// about 40 bytes for every 6 of a result of many small members (a hostile
// server's 60 MB answer indexed into hundreds of MB).
func TestInputCheckCostsNoMemoryPerMember(t *testing.T) {
	result := []byte(`{` + strings.Repeat(`"m":1,`, 200_000) + `"resultType":"complete"}`)
	if n := allocated(func() { InputShape("tools/list", result) }); n > 64<<10 {
		t.Errorf("InputShape of a result of 200,000 members allocated %d bytes, want it not to grow with them", n)
	}
	if n := allocated(func() { _, _, _, _ = inputAsked("tools/call", result) }); n > 64<<10 {
		t.Errorf("inputAsked of a result of 200,000 members allocated %d bytes, want it not to grow with them", n)
	}
	if n := allocated(func() { UnknownResultType("tools/call", result) }); n > 64<<10 {
		t.Errorf("UnknownResultType of a result of 200,000 members allocated %d bytes, want it not to grow with them", n)
	}
}

// A tool's result is checked for a created task; the elements of a long
// content list beside it are not indexed for that (a \u escape anywhere
// in the result made the check index every element).
func TestCreatedTaskCheckSkipsTheContentList(t *testing.T) {
	result := []byte(`{"content":[` + strings.Repeat(`{"type":"text","text":"caf\u00e9"},`, 50_000) + `{"type":"text","text":"end"}]}`)
	if n := allocated(func() { CreatedTask(result) }); n > 64<<10 {
		t.Errorf("CreatedTask of a result of 50,000 content items allocated %d bytes, want it not to grow with them", n)
	}
	if id, ok := CreatedTask([]byte(`{"content":[` + strings.Repeat(`{"type":"text","text":"caf\u00e9"},`, 10) + `{}],"task":{"taskId":"t1"}}`)); !ok || id != "t1" {
		t.Errorf("CreatedTask beside a content list = %q, %v, want t1", id, ok)
	}
}

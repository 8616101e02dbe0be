package history

import (
	"runtime"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// Learning the task a recorded answer named reads the answer where it
// lies: a re-run of a recording whose tool answered 200 MB copied those
// bytes once more, and the live answer's, to find no task in them.
func TestLearningTasksCopiesNoAnswer(t *testing.T) {
	big := `{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"` + strings.Repeat("A", 32<<20) + `"}]}}`
	recorded := &mcp.Record{Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Raw: mcp.Raw(big)}}
	live := &mcp.Response{Raw: mcp.Raw(big)}
	tasks := taskIDs{}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	tasks.learn(recorded, live)
	runtime.ReadMemStats(&after)
	if n := after.TotalAlloc - before.TotalAlloc; n > 1<<20 {
		t.Errorf("learning the tasks of two 32 MiB answers allocated %d MiB, want them read in place", n>>20)
	}
	if len(tasks) != 0 {
		t.Errorf("learnt tasks %v from answers that name none", tasks)
	}
}

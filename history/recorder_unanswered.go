package history

import (
	"fmt"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// closeWait bounds the close of a recording as its session ends (the last
// flush, the sync to disk, the close): on a disk that stops answering (an
// NFS server gone, a USB disk pulled) each blocks for ever, and quitting
// the TUI, exec's end and the proxy's ctrl+c hung with them.
const closeWait = 2 * time.Second

// Unanswered is the error of a recording whose close did not end within
// its bound: the disk did not answer, so what reached it is not known. The
// close goes on in the background; the process may end before it does.
type Unanswered struct {
	Path string
	Wait time.Duration
	// Behind is set when it was a write or a flush mid-session that the
	// disk did not answer: the recording stopped keeping up with the
	// session, which goes on (recorder_behind.go).
	Behind bool
}

// Error says where the recording stands, never that it was recorded.
func (e *Unanswered) Error() string {
	return fmt.Sprintf("recording to %s may be incomplete: %s", e.Path, e.Why())
}

// Why is what happened, without the path: for a list that names it.
func (e *Unanswered) Why() string {
	return "the disk did not answer within " + mcp.DurationText(e.Wait)
}

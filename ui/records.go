package ui

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp"
)

// maxBatch caps how many records one message carries, so a flood still
// yields a frame now and then instead of one unbounded batch.
const maxBatch = 4096

// recordsMsg carries the records that were waiting on the channel together.
type recordsMsg []mcp.Record

// streamEndedMsg says the record channel was closed: the session is over.
type streamEndedMsg struct{}

// waitForRecords blocks until a record arrives, then drains whatever else
// is already waiting (without blocking, up to maxBatch) into one message, so
// a burst of events costs one Update and one render. Update re-arms it.
func waitForRecords(ch <-chan []mcp.Record) tea.Cmd {
	return func() tea.Msg {
		first, ok := <-ch
		if !ok {
			return streamEndedMsg{}
		}
		batch := recordsMsg(first)
		for len(batch) < maxBatch {
			select {
			case more, ok := <-ch:
				if !ok {
					// The end is reported by the next wait, after this
					// batch has been shown.
					return batch
				}
				batch = append(batch, more...)
			default:
				return batch
			}
		}
		return batch
	}
}

// recordingFailedMsg says the recording stopped: the file is incomplete.
type recordingFailedMsg struct{ err error }

// waitForRecordingError delivers the error that stopped the recording. The
// channel never closing is fine: the wait ends with the program.
func waitForRecordingError(ch <-chan error) tea.Cmd {
	return func() tea.Msg { return recordingFailedMsg{<-ch} }
}

// isState reports whether r is the record of the session entering state.
func isState(r *mcp.Record, state string) bool {
	return r.Kind == mcp.KindState && r.State != nil && r.State.State == state
}

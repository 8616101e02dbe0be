package ui

import (
	"strings"

	"github.com/mcpscope/mcpscope/history"
)

// notifyNoteMax bounds the notification a row reads its words from: a row
// is drawn every frame, and a log message can carry any amount of data.
const notifyNoteMax = 16 << 10

// notifyText is how a notification the server sent reads in Pairs when
// its method alone says little: a log message as "log LEVEL: its data"
// (exec prints it so too), a resource update as "updated URI". A column of
// "notifications/mes…" rows left the reader to open each one. A task's
// status reads "task ID STATUS: its message". The logger is in Detail.
// One naming a 2026 subscription that is none of ours reads as its method
// says too: its STATE says it is not ours (foreignState), where words
// before the method took the column ("for a subscription we do not have…"
// on every such row, whatever its method).
func notifyText(pr *history.Pair) (string, bool) {
	if pr.Kind != history.KindNotificationIn || pr.Request == nil {
		return "", false
	}
	return noteText(pr)
}

// foreignWords says, for Detail, that the notification of row pr named a
// 2026 subscription that is none of ours, and was not acted on; "" for any
// other row.
func foreignWords(pr *history.Pair) string {
	if pr.Kind != history.KindNotificationIn || pr.Request == nil {
		return ""
	}
	w := history.ForeignSubscription(pr.Request.RPC)
	if w == "" {
		return ""
	}
	return "⚠ sent " + wireLine(strings.TrimSuffix(w, ": "), 300) + ": mcpscope did not act on it"
}

// noteText is what a notification says, read as its method says.
func noteText(pr *history.Pair) (string, bool) {
	if pr.Kind != history.KindNotificationIn || pr.Request == nil || pr.Request.RPC == nil || len(pr.Request.RPC.Raw) > notifyNoteMax {
		return "", false
	}
	w, ok := history.ReadNoteOf(pr.Request.RPC)
	if !ok {
		return "", false
	}
	if id := []rune(w.Task); len(id) > taskIDShown+1 {
		// A task id is often 32 hex digits: whole, it took the METHOD
		// column of 80 columns and the status went ("task
		// 87c6863ebba4a86e2d0b…"). Its start tells tasks apart in a
		// row, as a short commit hash does; Detail has all of it.
		w.Task = string(id[:taskIDShown]) + "…"
	}
	return w.Line(wireLine, 200, false), true
}

// taskIDShown is how much of a task's id a Pairs row shows.
const taskIDShown = 8

package history

import (
	"fmt"
	"slices"
)

// maxWarnings is how many damaged lines are described one by one. A file
// that is mostly damage (a binary appended to a recording, a million
// forged lines) would otherwise hold, and print, a sentence per line.
const maxWarnings = 100

// warnings are the notes about damaged lines of one recording: the first
// maxWarnings in full, and a count of the rest.
type warnings struct {
	list []string
	more int
	last string // the newest, listed or not: often what ended the file
	// order is how many of the notes say the order breaks (order.go),
	// not that a line is damaged.
	order int
}

// damaged is how many notes, listed or not, are about a damaged line: not
// those that say the order breaks.
func (w *warnings) damaged() int { return len(w.list) + w.more - w.order }

// addOrder adds a note that the records' order breaks.
func (w *warnings) addOrder(s string) {
	w.order++
	w.add(s)
}

func (w *warnings) add(s string) {
	w.last = s
	if len(w.list) < maxWarnings {
		w.list = append(w.list, s)
		return
	}
	w.more++
}

// all is the notes, ending with how many more there were when some were
// left out.
func (w *warnings) all() []string {
	if w.more == 0 {
		return w.list
	}
	return append(slices.Clip(w.list), fmt.Sprintf("%d more damaged lines were skipped and are not listed; the last: %s", w.more, w.last))
}

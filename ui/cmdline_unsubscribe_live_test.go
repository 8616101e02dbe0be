package ui

import (
	"testing"
)

// "unsubscribe " is hinted with what it takes, as "subscribe " is: it was
// hinted "key=value words (key:=json for raw JSON) or one {JSON} object
// of params", the words for a method mcpscope knows nothing of.
func TestLiveUnsubscribeIsHintedWithItsUsage(t *testing.T) {
	l := liveDemoAt(t, 160, 45)
	l.mark()
	l.tm.Type(":unsubscribe ")
	l.waitFor("resources/unsubscribe URI|TEMPLATE [var=value ...] (alias: unsubscribe)")
	l.quit()
}

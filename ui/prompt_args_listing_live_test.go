package ui

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

// Tab after a prompt's name typed by hand lists the prompts, as Tab on
// the name does, and then offers the prompt's arguments: with no
// prompts/list sent yet, "prompt review_code " and Tab did nothing, and
// the hint said only the usage.
func TestLiveTabListsThePromptsForAHandTypedPromptsArguments(t *testing.T) {
	l := liveDemoAt(t, 160, 45)
	l.mark()
	l.tm.Type(":prompt review_code ")
	l.waitFor("review_code: tab lists the prompts, then offers its arguments")
	l.tm.Send(tea.KeyMsg{Type: tea.KeyTab})
	l.waitOK("prompts/list")
	l.tm.Send(tea.KeyMsg{Type: tea.KeyTab})
	l.waitFor("language=  focus=  code=")
	l.quit()
}

// Tab after the prompt's name on a completion/complete prompt line offers
// the prompt's arguments, as on its prompts/get line (listing the prompts
// first when none are known): it offered nothing, and the hint said only
// the usage, where the argument to complete is the one thing to type.
func TestLiveTabOffersAPromptsArgumentsToComplete(t *testing.T) {
	l := liveDemoAt(t, 160, 45)
	l.mark()
	l.tm.Type(":complete prompt review_code ")
	l.tm.Send(tea.KeyMsg{Type: tea.KeyTab})
	l.waitOK("prompts/list")
	l.tm.Send(tea.KeyMsg{Type: tea.KeyTab})
	l.waitFor("language=  focus=  code=")
	l.tm.Type("l")
	l.tm.Send(tea.KeyMsg{Type: tea.KeyTab})
	l.waitFor("› complete prompt review_code language=")
	l.quit()
}

// The hint under a completion/complete prompt line's argument says what
// the argument is, as on its prompts/get line: it said only the usage.
// Enter, not Tab, asks the server there: the line is the asking.
func TestLiveCompletePromptLineHintsTheArgument(t *testing.T) {
	l := liveDemoAt(t, 160, 45)
	l.mark()
	l.tm.Type(":complete prompt review_code ")
	l.waitFor("review_code: tab lists the prompts, then offers its arguments")
	l.tm.Send(tea.KeyMsg{Type: tea.KeyTab})
	l.waitOK("prompts/list")
	l.mark()
	l.tm.Type("language=g")
	l.waitFor("language: enter asks the server for values · string, required — The code's language, e.g. go.")
	l.quit()
}

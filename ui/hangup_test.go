package ui

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

// waitModel waits; it quits only when told to.
type waitModel struct{ started chan struct{} }

func (m waitModel) Init() tea.Cmd {
	return func() tea.Msg { close(m.started); return nil }
}
func (m waitModel) Update(tea.Msg) (tea.Model, tea.Cmd) { return m, nil }
func (m waitModel) View() string                        { return "" }

// SIGHUP (the terminal went away) quits the program as q does, so the
// caller's clean-up runs: the recording's last records, the session's
// DELETE. The process died at once.
func TestHangupQuitsTheProgram(t *testing.T) {
	if os.Getenv("MCPSCOPE_UI_HANGUP_CHILD") == "" {
		// The signal goes to the whole process: a child test process
		// takes it alone.
		cmd := exec.Command(os.Args[0], "-test.run=^TestHangupQuitsTheProgram$", "-test.count=1", "-test.v")
		// The child's temporary directories go under the parent's, which
		// its clean-up removes: a child killed or ending in os.Exit
		// never runs its own.
		cmd.Env = append(os.Environ(), "MCPSCOPE_UI_HANGUP_CHILD=1", "TMPDIR="+t.TempDir())
		out, err := cmd.CombinedOutput()
		if err != nil || !strings.Contains(string(out), "--- PASS: TestHangupQuitsTheProgram") {
			t.Fatalf("the test in its own process: %v\n%s", err, out)
		}
		return
	}
	m := waitModel{started: make(chan struct{})}
	p := tea.NewProgram(m, tea.WithInput(&bytes.Buffer{}), tea.WithOutput(&bytes.Buffer{}))
	stop := quitOnHangup(p)
	defer stop()
	done := make(chan error, 1)
	go func() {
		_, err := p.Run()
		done <- err
	}()
	select {
	case <-m.started:
	case <-time.After(10 * time.Second):
		t.Fatal("the program did not start")
	}
	if err := syscall.Kill(syscall.Getpid(), syscall.SIGHUP); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("Run() = %v, want a quit", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("SIGHUP did not quit the program")
	}
}

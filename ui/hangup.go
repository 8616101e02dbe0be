package ui

import (
	"os"
	"os/signal"
	"syscall"

	tea "github.com/charmbracelet/bubbletea"
)

// quitOnHangup quits p as the q key does when the terminal goes away
// (SIGHUP: the window closed, the ssh connection dropped), which bubbletea
// does not handle: the process died at once, its recording short of its
// last 100 ms and its closing record, and the server's session never
// ended. The caller's clean-up runs after Run returns, as on quit. stop
// undoes it.
func quitOnHangup(p *tea.Program) (stop func()) {
	hup := make(chan os.Signal, 1)
	signal.Notify(hup, syscall.SIGHUP)
	done := make(chan struct{})
	go func() {
		select {
		case <-hup:
			p.Quit()
		case <-done:
		}
	}()
	return func() {
		signal.Stop(hup)
		close(done)
	}
}

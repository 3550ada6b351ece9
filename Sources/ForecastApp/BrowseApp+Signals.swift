import Dispatch
import Foundation

extension BrowseApp {
    /// SIGWINCH redraws; SIGTERM, SIGHUP and a SIGINT or SIGQUIT sent from outside (the
    /// terminal sends Ctrl-C as a key in raw mode) end the app with the terminal restored.
    /// The ones that end the app leave at once, from the signal's own queue,
    /// whatever the loop is doing (a flood of keys, a write the terminal does not take).
    ///
    /// A stop is survived. SIGTSTP (sent from outside: in raw mode Ctrl-Z is a key
    /// the app does not use) puts the terminal back as it was, then stops the
    /// process. SIGSTOP cannot be caught: the terminal stays as the app left it,
    /// and an interactive shell takes the terminal back meanwhile. On SIGCONT, in
    /// the terminal's foreground, the app sets the terminal up again and draws
    /// every cell (`resumed`); continued in the background (`kill -CONT` after the
    /// shell took the terminal), it puts the terminal back and stops again, as a
    /// background job that wants the terminal does, until `fg`. The stop and the
    /// continuation are handled on one serial queue, in the order they came: the
    /// restore always ends before the process stops, and the set-up after it goes on.
    func watchSignals() -> [any DispatchSourceSignal] {
        let ending = [SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM]
        let stops = DispatchQueue(label: "forecast.browse.stops")
        return ([SIGWINCH, SIGTSTP, SIGCONT] + ending).map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: number == SIGTSTP || number == SIGCONT ? stops : .global())
            source.setEventHandler { [post, screen] in
                switch number {
                case SIGWINCH: post.yield(.resized)
                case SIGTSTP: Self.stop(screen)
                case SIGCONT:
                    if screen.inForeground {
                        screen.resume()
                        post.yield(.resumed)
                    } else {
                        Self.stop(screen)
                    }
                default:
                    screen.leave()
                    exit(128 + number)
                }
            }
            source.resume()
            return source
        }
    }

    /// The terminal put back as it was, then the process stopped (SIGSTOP, which
    /// nothing blocks); `kill` returns once the process goes on.
    static func stop(_ screen: TerminalScreen) {
        screen.leave()
        kill(getpid(), SIGSTOP)
    }
}

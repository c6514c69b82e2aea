fn main() -> std::process::ExitCode {
    aider_tui::cli::main()
}

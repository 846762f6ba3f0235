import LinkRouterGTK
import Testing

struct GTKApplicationTests {
    @Test("run reached off the main thread (here: the main actor after the test's await, as in top-level code that awaited) stops at once, saying where to call it")
    func offMainThread() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                _ = GTKApplication(id: "org.linkrouter.Tests.OffMainThread").run(arguments: ["tests"])
            }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("GTKApplication.run(arguments:) was called off the process's main thread"), "\(message)")
        #expect(message.contains("Call it from main.swift's top-level code before any `await`"), "\(message)")
    }
}

import CHeap

/// The process's heap (glibc malloc), seen from outside it.
public enum Heap {
    /// Gives the heap's free pages back to the system (malloc_trim(3)), in every arena and not
    /// only at a heap's top. A large build frees its scaffolding in pieces: glibc keeps them
    /// resident for later allocations, and at a million places that was some 170 MB a session
    /// kept and never used again. Costs a walk of the free lists: call it after such a build,
    /// not per allocation.
    public static func giveBackFreePages() { _ = malloc_trim(0) }
}

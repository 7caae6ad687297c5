package org.edfast.bench;

public final class EdBench {
    public static void main(String[] args) {
        System.out.println("stub");
    }
}

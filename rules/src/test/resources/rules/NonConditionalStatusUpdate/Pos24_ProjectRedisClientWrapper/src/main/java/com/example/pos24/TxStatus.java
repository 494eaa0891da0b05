package com.example.pos24;

public enum TxStatus { TRYING, CONFIRMING, CANCELING }

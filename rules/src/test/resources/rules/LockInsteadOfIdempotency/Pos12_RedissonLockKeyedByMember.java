package demo;

import org.redisson.api.RLock;
import org.redisson.api.RedissonClient;

// A lock per member around a wallet payment: it keeps two payments of one member apart while held, but nothing
// derived from the order stops the same order being paid again (a retry after a timeout, a second client).
interface StoreFlowMapper {
    int insert(StoreFlow flow);
}

class WalletService {
    StoreFlowMapper storeFlowMapper;
    WalletClient walletClient;

    void pay(PayParam param) {
        walletClient.debit(param.getMemberId(), param.getAmount());
        storeFlowMapper.insert(new StoreFlow(param.getOrderSn(), param.getAmount()));
    }
}

public class WalletPlugin {
    RedissonClient redisson;
    WalletService walletService;

    public void payOrder(PayParam param) {
        RLock lock = redisson.getLock("wallet:" + param.getMemberId());
        lock.lock(); // expect: IDEM009 "for the item it is keyed by"
        try {
            walletService.pay(param);
        } finally {
            lock.unlock();
        }
    }
}

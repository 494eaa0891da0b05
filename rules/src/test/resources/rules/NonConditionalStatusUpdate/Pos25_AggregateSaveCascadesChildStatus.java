// A scheduled sync loads a payment, overwrites its status with the provider's, and saves the payment group it belongs
// to; the group's relation cascades, so the save writes the payment's status by id, with no version. In a
// transaction the setter is not also a dirty-checked write of its own: the save of the aggregate writes it, one finding
// at the save.
package com.example.p003.pos25;

import java.util.List;
import javax.persistence.CascadeType;
import javax.persistence.OneToMany;
import org.springframework.data.repository.CrudRepository;
import org.springframework.scheduling.annotation.Scheduled;

public class PaymentStatusSync {

    private PaymentRepository payments;
    private PaymentGroupRepository groups;
    private ProviderClient provider;

    @Scheduled(fixedDelay = 60000)
    public void sync() {
        for (String ref : payments.findPendingReferences()) {
            Payment payment = payments.findByReference(ref);
            PaymentGroup group = payment.getGroup();
            payment.setPaymentStatus(provider.statusOf(ref));
            groups.save(group); // expect: IDEM003 "This UPDATE sets payment.payment_status matching only id"
        }
    }

    @Scheduled(fixedDelay = 60000)
    @org.springframework.transaction.annotation.Transactional
    public void syncInTransaction() {
        for (String ref : payments.findPendingReferences()) {
            Payment payment = payments.findByReference(ref);
            PaymentGroup group = payment.getGroup();
            payment.setPaymentStatus(provider.statusOf(ref));
            groups.save(group); // expect: IDEM003 "This UPDATE sets payment.payment_status matching only id"
        }
    }
}

interface PaymentRepository extends CrudRepository<Payment, Long> {
    List<String> findPendingReferences();

    Payment findByReference(String ref);
}

interface PaymentGroupRepository extends CrudRepository<PaymentGroup, Long> {
}

interface ProviderClient {
    String statusOf(String ref);
}

class PaymentGroup {
    private Long id;
    @OneToMany(cascade = CascadeType.ALL)
    private List<Payment> payments;
}

class Payment {
    private Long id;
    private String paymentStatus;
    private PaymentGroup group;

    PaymentGroup getGroup() { return group; }
    void setPaymentStatus(String s) { paymentStatus = s; }
}

// The same check and set on a managed entity, made safe or never written: the row is read through a repository method
// annotated @Lock(PESSIMISTIC_WRITE) (a second run waits, then reads the new status), the entity has an @Version field
// (the commit's update matches the version read, so the second run fails instead of writing), or there is no
// transaction (the entity is detached once findById returns; setting its status writes nothing): no finding.
package com.example.idem004.neg37;

import java.util.Optional;
import javax.persistence.Entity;
import javax.persistence.Id;
import javax.persistence.LockModeType;
import javax.persistence.Version;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Lock;
import org.springframework.data.jpa.repository.Query;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

@Service
public class PaymentService {

    private final OrderRepository repo;
    private final InvoiceRepository invoices;

    public PaymentService(OrderRepository repo, InvoiceRepository invoices) {
        this.repo = repo;
        this.invoices = invoices;
    }

    @Transactional
    public void payLocked(long id) {
        Order o = repo.findLockedById(id).orElseThrow();
        if (o.getStatus() == OrderStatus.PENDING) {
            o.setStatus(OrderStatus.PAID);
        }
    }

    @Transactional
    public void settle(long id) {
        Invoice i = invoices.findById(id).orElseThrow();
        if (i.getStatus() == OrderStatus.PENDING) {
            i.setStatus(OrderStatus.PAID);
        }
    }

    public void payWithoutTransaction(long id) {
        Order o = repo.findById(id).orElseThrow();
        if (o.getStatus() == OrderStatus.PENDING) {
            o.setStatus(OrderStatus.PAID);
        }
    }
}

interface OrderRepository extends JpaRepository<Order, Long> {

    @Lock(LockModeType.PESSIMISTIC_WRITE)
    @Query("select o from Order o where o.id = :id")
    Optional<Order> findLockedById(long id);
}

interface InvoiceRepository extends JpaRepository<Invoice, Long> {
}

enum OrderStatus { PENDING, PAID }

@Entity
class Order {
    @Id
    private Long id;
    private OrderStatus status;

    public OrderStatus getStatus() { return status; }
    public void setStatus(OrderStatus status) { this.status = status; }
}

@Entity
class Invoice {
    @Id
    private Long id;
    private OrderStatus status;
    @Version
    private Long version;

    public OrderStatus getStatus() { return status; }
    public void setStatus(OrderStatus status) { this.status = status; }
}
